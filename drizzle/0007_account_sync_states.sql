CREATE TABLE "account_sync_states" (
	"mp_account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'idle' NOT NULL,
	"job_id" text,
	"message" text,
	"error_message" text,
	"last_synced_at" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"resume" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_sync_states_mp_account_id_kind_pk" PRIMARY KEY("mp_account_id","kind")
);
--> statement-breakpoint
ALTER TABLE "account_sync_states" ADD CONSTRAINT "account_sync_states_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The catalog's status rows become the catalog kind: its two pass times as parts, its capped-pass cursor as where to go on.
INSERT INTO "account_sync_states" ("mp_account_id", "kind", "state", "job_id", "message", "error_message", "last_synced_at", "resume", "updated_at")
SELECT "mp_account_id", 'catalog', "state", "job_id", "message", "error_message",
  jsonb_strip_nulls(jsonb_build_object('cards', "last_cards_sync_at", 'prices', "last_price_sync_at")),
  CASE WHEN "cards_resume_cursor" IS NOT NULL AND "cards_cycle_started_at" IS NOT NULL
    THEN jsonb_build_object('cursor', "cards_resume_cursor", 'cycleStartedAt', "cards_cycle_started_at") END,
  "updated_at"
FROM "catalog_sync_states";--> statement-breakpoint
DROP TABLE "catalog_sync_states" CASCADE;
