CREATE TABLE "inbox_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mp_account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"mp_id" text NOT NULL,
	"rating" integer,
	"text" text NOT NULL,
	"pros" text DEFAULT '' NOT NULL,
	"cons" text DEFAULT '' NOT NULL,
	"nm_id" bigint NOT NULL,
	"product_name" text DEFAULT '' NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"supplier_article" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"answer_text" text,
	"answered_at" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inbox_items" ADD CONSTRAINT "inbox_items_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_items_account_kind_mp_key" ON "inbox_items" USING btree ("mp_account_id","kind","mp_id");--> statement-breakpoint
CREATE INDEX "inbox_items_account_created_idx" ON "inbox_items" USING btree ("mp_account_id","created_at");--> statement-breakpoint
CREATE INDEX "inbox_items_account_rating_idx" ON "inbox_items" USING btree ("mp_account_id","rating");--> statement-breakpoint
CREATE INDEX "inbox_items_account_nm_idx" ON "inbox_items" USING btree ("mp_account_id","nm_id");--> statement-breakpoint
CREATE INDEX "inbox_items_search_trgm_idx" ON "inbox_items" USING gin (lower("text" || ' ' || "pros" || ' ' || "cons" || ' ' || "product_name") gin_trgm_ops);