ALTER TABLE "mp_orders" ADD COLUMN "content_hash" bigint;--> statement-breakpoint
ALTER TABLE "mp_sales" ADD COLUMN "content_hash" bigint;