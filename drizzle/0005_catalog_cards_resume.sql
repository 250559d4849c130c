ALTER TABLE "catalog_sync_states" ADD COLUMN "cards_resume_cursor" jsonb;--> statement-breakpoint
ALTER TABLE "catalog_sync_states" ADD COLUMN "cards_cycle_started_at" timestamp with time zone;