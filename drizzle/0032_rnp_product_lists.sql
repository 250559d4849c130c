CREATE TABLE "rnp_list_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list_id" uuid NOT NULL,
	"nm_id" bigint NOT NULL,
	"status" text NOT NULL,
	"plan_orders_per_day" integer,
	"plan_price" integer,
	"target_drr_pct" numeric(5, 2),
	"manager" text DEFAULT '' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"date_from" date,
	"date_to" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rnp_list_items_status_check" CHECK ("rnp_list_items"."status" IN ('liquidation', 'action', 'monitoring', 'completed', 'paused')),
	CONSTRAINT "rnp_list_items_dates_check" CHECK ("rnp_list_items"."date_to" IS NULL OR "rnp_list_items"."date_from" IS NULL OR "rnp_list_items"."date_from" <= "rnp_list_items"."date_to")
);
--> statement-breakpoint
CREATE TABLE "rnp_product_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mp_account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rnp_list_items" ADD CONSTRAINT "rnp_list_items_list_id_rnp_product_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."rnp_product_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rnp_product_lists" ADD CONSTRAINT "rnp_product_lists_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rnp_list_items_list_nm_key" ON "rnp_list_items" USING btree ("list_id","nm_id");--> statement-breakpoint
CREATE INDEX "rnp_product_lists_account_idx" ON "rnp_product_lists" USING btree ("mp_account_id","created_at");