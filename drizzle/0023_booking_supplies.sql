CREATE TABLE "booking_supplies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mp_account_id" uuid NOT NULL,
	"supply_id" bigint,
	"preorder_id" bigint NOT NULL,
	"status" smallint NOT NULL,
	"box_type_id" smallint,
	"warehouse_id" integer,
	"warehouse_name" text,
	"create_date" timestamp with time zone NOT NULL,
	"supply_date" timestamp with time zone,
	"fact_date" timestamp with time zone,
	"mp_updated_at" timestamp with time zone,
	"details_due" boolean DEFAULT true NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"accepted_quantity" integer DEFAULT 0 NOT NULL,
	"ready_for_sale_quantity" integer DEFAULT 0 NOT NULL,
	"acceptance_cost" numeric(14, 2),
	"shortfall_notified_at" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_supply_goods" (
	"supply_row_id" uuid NOT NULL,
	"barcode" text NOT NULL,
	"nm_id" bigint NOT NULL,
	"vendor_code" text NOT NULL,
	"tech_size" text NOT NULL,
	"quantity" integer NOT NULL,
	"accepted_quantity" integer,
	"ready_for_sale_quantity" integer
);
--> statement-breakpoint
ALTER TABLE "booking_supplies" ADD CONSTRAINT "booking_supplies_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_supply_goods" ADD CONSTRAINT "booking_supply_goods_supply_row_id_booking_supplies_id_fk" FOREIGN KEY ("supply_row_id") REFERENCES "public"."booking_supplies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_supplies_account_supply_key" ON "booking_supplies" USING btree ("mp_account_id","supply_id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_supplies_account_order_key" ON "booking_supplies" USING btree ("mp_account_id","preorder_id") WHERE "booking_supplies"."supply_id" is null;--> statement-breakpoint
CREATE INDEX "booking_supplies_account_status_idx" ON "booking_supplies" USING btree ("mp_account_id","status","create_date");--> statement-breakpoint
CREATE INDEX "booking_supplies_account_created_idx" ON "booking_supplies" USING btree ("mp_account_id","create_date");--> statement-breakpoint
CREATE INDEX "booking_supplies_account_due_idx" ON "booking_supplies" USING btree ("mp_account_id","id") WHERE "booking_supplies"."details_due";--> statement-breakpoint
CREATE UNIQUE INDEX "booking_supply_goods_supply_barcode_key" ON "booking_supply_goods" USING btree ("supply_row_id","barcode");