CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "catalog_sync_states" (
	"mp_account_id" uuid PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'idle' NOT NULL,
	"job_id" text,
	"message" text,
	"error_message" text,
	"last_cards_sync_at" timestamp with time zone,
	"last_price_sync_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mp_account_id" uuid NOT NULL,
	"nm_id" bigint NOT NULL,
	"vendor_code" text NOT NULL,
	"title" text NOT NULL,
	"brand" text NOT NULL,
	"brand_id" uuid,
	"photo" text,
	"sizes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"card_updated_at" timestamp with time zone NOT NULL,
	"price" integer,
	"discount" integer,
	"discounted_price" numeric(12, 2),
	"club_discount" integer,
	"price_updated_at" timestamp with time zone,
	"price_pending_since" timestamp with time zone,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_bulk_chunks" (
	"bulk_job_id" uuid NOT NULL,
	"index" integer NOT NULL,
	"items" integer NOT NULL,
	"task_id" bigint,
	"error_text" text,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_bulk_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mp_account_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"items" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "price_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mp_account_id" uuid NOT NULL,
	"nm_id" bigint NOT NULL,
	"old_price" integer,
	"new_price" integer,
	"old_discount" integer,
	"new_discount" integer,
	"source" text NOT NULL,
	"task_id" bigint,
	"user_id" uuid,
	"bulk_job_id" uuid,
	"repricer_run_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_sync_states" ADD CONSTRAINT "catalog_sync_states_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_bulk_chunks" ADD CONSTRAINT "price_bulk_chunks_bulk_job_id_price_bulk_jobs_id_fk" FOREIGN KEY ("bulk_job_id") REFERENCES "public"."price_bulk_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_bulk_jobs" ADD CONSTRAINT "price_bulk_jobs_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "products_account_nm_key" ON "products" USING btree ("mp_account_id","nm_id");--> statement-breakpoint
CREATE INDEX "products_account_brand_idx" ON "products" USING btree ("mp_account_id","brand_id");--> statement-breakpoint
CREATE INDEX "products_account_title_idx" ON "products" USING btree ("mp_account_id","title");--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin (lower("title" || ' ' || "vendor_code" || ' ' || "nm_id"::text) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "price_bulk_chunks_job_index_key" ON "price_bulk_chunks" USING btree ("bulk_job_id","index");--> statement-breakpoint
CREATE INDEX "price_bulk_jobs_account_created_idx" ON "price_bulk_jobs" USING btree ("mp_account_id","created_at");--> statement-breakpoint
CREATE INDEX "price_bulk_jobs_owner_idx" ON "price_bulk_jobs" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "price_history_account_created_idx" ON "price_history" USING btree ("mp_account_id","created_at");--> statement-breakpoint
CREATE INDEX "price_history_account_nm_created_idx" ON "price_history" USING btree ("mp_account_id","nm_id","created_at");