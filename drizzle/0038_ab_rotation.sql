ALTER TABLE "ab_test_rotations" ADD COLUMN "seq" integer;--> statement-breakpoint
ALTER TABLE "ab_test_rotations" ADD COLUMN "media_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ab_test_rotations" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ab_test_rotations" ADD COLUMN "card_media" jsonb;--> statement-breakpoint
ALTER TABLE "ab_tests" ADD COLUMN "price_at_start" integer;--> statement-breakpoint
ALTER TABLE "ab_tests" ADD COLUMN "final_media_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "ab_test_rotations_test_seq_key" ON "ab_test_rotations" USING btree ("test_id","seq");