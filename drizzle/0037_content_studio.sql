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
ALTER TABLE "products" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "characteristics" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "subject_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "subject_name" text;--> statement-breakpoint
ALTER TABLE "content_drafts" ADD CONSTRAINT "content_drafts_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_drafts_open_card_key" ON "content_drafts" USING btree ("mp_account_id","nm_id") WHERE "content_drafts"."status" IN ('draft', 'approved');--> statement-breakpoint
CREATE INDEX "content_drafts_account_status_idx" ON "content_drafts" USING btree ("mp_account_id","status","created_at");