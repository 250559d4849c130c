CREATE TABLE "price_bulk_item_rejections" (
	"bulk_job_id" uuid NOT NULL,
	"chunk_index" integer NOT NULL,
	"nm_id" bigint NOT NULL,
	"error_text" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "price_bulk_chunks" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "price_bulk_item_rejections" ADD CONSTRAINT "price_bulk_item_rejections_bulk_job_id_price_bulk_jobs_id_fk" FOREIGN KEY ("bulk_job_id") REFERENCES "public"."price_bulk_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "price_bulk_item_rejections_job_nm_key" ON "price_bulk_item_rejections" USING btree ("bulk_job_id","nm_id");