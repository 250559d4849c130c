CREATE TABLE "ab_test_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mp_account_id" uuid NOT NULL,
	"token" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ab_test_original_media" (
	"test_id" uuid PRIMARY KEY NOT NULL,
	"media" jsonb NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ab_test_rotations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"test_id" uuid NOT NULL,
	"seq" integer,
	"variant_index" integer NOT NULL,
	"media_sent_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"card_media" jsonb,
	"started_at" timestamp with time zone NOT NULL,
	"settle_until" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"views_at_switch" bigint,
	"clicks_at_switch" bigint,
	"views_at_start" bigint,
	"clicks_at_start" bigint,
	"views_at_end" bigint,
	"clicks_at_end" bigint,
	"state" text DEFAULT 'settling' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ab_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mp_account_id" uuid NOT NULL,
	"nm_id" bigint NOT NULL,
	"advert_id" bigint NOT NULL,
	"variants" uuid[] NOT NULL,
	"switch_every_impressions" integer,
	"switch_every_hours" integer,
	"target_impressions_per_variant" integer DEFAULT 10000 NOT NULL,
	"settle_minutes" integer DEFAULT 30 NOT NULL,
	"on_finish" text NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"state_reason" text,
	"verdict" text,
	"winner_index" integer,
	"ctr_uplift_pct" numeric(10, 2),
	"price_at_start" integer,
	"final_media_at" timestamp with time zone,
	"scheduled_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "ab_tests_switch_every_check" CHECK (("ab_tests"."switch_every_impressions" is null) <> ("ab_tests"."switch_every_hours" is null)
        and cardinality("ab_tests"."variants") between 2 and 10)
);
--> statement-breakpoint
CREATE TABLE "content_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mp_account_id" uuid NOT NULL,
	"nm_id" bigint NOT NULL,
	"job_id" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"base_hash" text NOT NULL,
	"keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"current" jsonb NOT NULL,
	"proposed" jsonb NOT NULL,
	"score_before" integer NOT NULL,
	"score_after" integer NOT NULL,
	"issues" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"score_context" jsonb NOT NULL,
	"knowledge_sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" text,
	"note" text,
	"mp_error" text,
	"publication" integer DEFAULT 0 NOT NULL,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_drafts_status_check" CHECK ("content_drafts"."status" IN ('draft', 'approved', 'publishing', 'published', 'rejected_by_mp', 'superseded')),
	CONSTRAINT "content_drafts_scores_check" CHECK ("content_drafts"."score_before" BETWEEN 0 AND 100 AND "content_drafts"."score_after" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "kb_article_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"article_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"brand_id" uuid,
	"nm_ids" bigint[] DEFAULT '{}' NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"status" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kb_articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mp_account_id" uuid NOT NULL,
	"brand_id" uuid,
	"nm_ids" bigint[] DEFAULT '{}' NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"status" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "kb_articles_type_check" CHECK ("kb_articles"."type" IN ('product_fact', 'policy', 'faq', 'brand_voice', 'template', 'news')),
	CONSTRAINT "kb_articles_status_check" CHECK ("kb_articles"."status" IN ('draft', 'published', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "kb_chunks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mp_account_id" uuid NOT NULL,
	"source_type" text NOT NULL,
	"source_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"brand_id" uuid,
	"nm_ids" bigint[] DEFAULT '{}' NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"start_offset" integer NOT NULL,
	"end_offset" integer NOT NULL,
	"flagged" boolean DEFAULT false NOT NULL,
	"flag_reason" text[] DEFAULT '{}' NOT NULL,
	"tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('russian', title || ' ' || text)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kb_chunks_source_type_check" CHECK ("kb_chunks"."source_type" IN ('article', 'document')),
	CONSTRAINT "kb_chunks_offsets_check" CHECK ("kb_chunks"."start_offset" >= 0 AND "kb_chunks"."end_offset" > "kb_chunks"."start_offset")
);
--> statement-breakpoint
CREATE TABLE "kb_document_files" (
	"document_id" uuid PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kb_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mp_account_id" uuid NOT NULL,
	"brand_id" uuid,
	"nm_ids" bigint[] DEFAULT '{}' NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"failure_reason" text,
	"chunks_count" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "kb_documents_status_check" CHECK ("kb_documents"."status" IN ('processing', 'indexed', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "kb_words" (
	"mp_account_id" uuid NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "kb_words_mp_account_id_word_pk" PRIMARY KEY("mp_account_id","word")
);
--> statement-breakpoint
ALTER TABLE "reply_drafts" ADD COLUMN "kb_sources" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "characteristics" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "subject_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "subject_name" text;--> statement-breakpoint
ALTER TABLE "ab_test_images" ADD CONSTRAINT "ab_test_images_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ab_test_images" ADD CONSTRAINT "ab_test_images_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ab_test_original_media" ADD CONSTRAINT "ab_test_original_media_test_id_ab_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."ab_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ab_test_rotations" ADD CONSTRAINT "ab_test_rotations_test_id_ab_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."ab_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ab_tests" ADD CONSTRAINT "ab_tests_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ab_tests" ADD CONSTRAINT "ab_tests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_drafts" ADD CONSTRAINT "content_drafts_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_article_versions" ADD CONSTRAINT "kb_article_versions_article_id_kb_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."kb_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_article_versions" ADD CONSTRAINT "kb_article_versions_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_articles" ADD CONSTRAINT "kb_articles_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_articles" ADD CONSTRAINT "kb_articles_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_chunks" ADD CONSTRAINT "kb_chunks_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_chunks" ADD CONSTRAINT "kb_chunks_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_document_files" ADD CONSTRAINT "kb_document_files_document_id_kb_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."kb_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_documents" ADD CONSTRAINT "kb_documents_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_documents" ADD CONSTRAINT "kb_documents_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_words" ADD CONSTRAINT "kb_words_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ab_test_images_token_key" ON "ab_test_images" USING btree ("token");--> statement-breakpoint
CREATE INDEX "ab_test_images_account_idx" ON "ab_test_images" USING btree ("mp_account_id");--> statement-breakpoint
CREATE INDEX "ab_test_rotations_test_started_idx" ON "ab_test_rotations" USING btree ("test_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ab_test_rotations_test_seq_key" ON "ab_test_rotations" USING btree ("test_id","seq");--> statement-breakpoint
CREATE INDEX "ab_tests_account_created_idx" ON "ab_tests" USING btree ("mp_account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ab_tests_active_nm_key" ON "ab_tests" USING btree ("mp_account_id","nm_id") WHERE state in ('scheduled', 'running', 'paused') and deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "ab_tests_active_campaign_key" ON "ab_tests" USING btree ("mp_account_id","advert_id") WHERE state in ('scheduled', 'running', 'paused') and deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "content_drafts_open_card_key" ON "content_drafts" USING btree ("mp_account_id","nm_id") WHERE "content_drafts"."status" IN ('draft', 'approved');--> statement-breakpoint
CREATE INDEX "content_drafts_account_status_idx" ON "content_drafts" USING btree ("mp_account_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "kb_article_versions_article_version_key" ON "kb_article_versions" USING btree ("article_id","version");--> statement-breakpoint
CREATE INDEX "kb_articles_account_updated_idx" ON "kb_articles" USING btree ("mp_account_id","updated_at");--> statement-breakpoint
CREATE INDEX "kb_chunks_source_idx" ON "kb_chunks" USING btree ("source_type","source_id");--> statement-breakpoint
CREATE INDEX "kb_chunks_account_idx" ON "kb_chunks" USING btree ("mp_account_id");--> statement-breakpoint
CREATE INDEX "kb_chunks_tsv_idx" ON "kb_chunks" USING gin ("tsv");--> statement-breakpoint
CREATE UNIQUE INDEX "kb_documents_account_sha256_key" ON "kb_documents" USING btree ("mp_account_id","sha256") WHERE "kb_documents"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "kb_words_word_trgm_idx" ON "kb_words" USING gin ("word" gin_trgm_ops);