ALTER TABLE "example_items" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
CREATE INDEX "example_items_owner_created_at_idx" ON "example_items" USING btree ("owner_id","created_at");