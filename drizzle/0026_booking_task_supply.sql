ALTER TABLE "booking_tasks" ADD COLUMN "supply_id" text;--> statement-breakpoint
ALTER TABLE "booking_tasks" ADD COLUMN "booked_at" timestamp with time zone;