CREATE TABLE "example_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "example_items_created_at_idx" ON "example_items" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "example_items_name_idx" ON "example_items" USING btree ("name");