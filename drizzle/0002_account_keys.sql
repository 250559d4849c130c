ALTER TABLE "mp_accounts" ADD COLUMN "key_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "mp_accounts" ADD COLUMN "key_nonce" "bytea" NOT NULL;--> statement-breakpoint
ALTER TABLE "mp_accounts" ADD COLUMN "key_ciphertext" "bytea" NOT NULL;--> statement-breakpoint
ALTER TABLE "mp_accounts" ADD COLUMN "key_tag" "bytea" NOT NULL;--> statement-breakpoint
ALTER TABLE "mp_accounts" ADD COLUMN "key_last4" text NOT NULL;--> statement-breakpoint
ALTER TABLE "mp_accounts" ADD COLUMN "key_updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "mp_accounts_key_id_idx" ON "mp_accounts" USING btree ("key_id");