CREATE TABLE "booking_coefficients" (
	"mp_account_id" uuid NOT NULL,
	"warehouse_id" integer NOT NULL,
	"date" date NOT NULL,
	"box_type_id" integer NOT NULL,
	"coefficient" numeric(6, 2) NOT NULL,
	"allow_unload" boolean NOT NULL,
	CONSTRAINT "booking_coefficients_pkey" PRIMARY KEY("mp_account_id","warehouse_id","date","box_type_id")
);
--> statement-breakpoint
CREATE TABLE "booking_matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"mp_account_id" uuid NOT NULL,
	"date" date NOT NULL,
	"warehouse_id" integer NOT NULL,
	"box_type_id" integer NOT NULL,
	"coefficient" numeric(6, 2) NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"gone_at" timestamp with time zone,
	"notify" boolean NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "booking_sources" (
	"mp_account_id" uuid PRIMARY KEY NOT NULL,
	"available" boolean,
	"checked_at" timestamp with time zone,
	"called_at" timestamp with time zone,
	"full_grid_at" timestamp with time zone,
	"warehouses_listed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "booking_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mp_account_id" uuid NOT NULL,
	"warehouse_ids" integer[] NOT NULL,
	"box_type_id" integer NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"max_coefficient" integer NOT NULL,
	"min_lead_days" integer NOT NULL,
	"barcodes" jsonb,
	"plan_id" uuid,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_tasks_dates_ordered" CHECK ("booking_tasks"."date_to" >= "booking_tasks"."date_from" and "booking_tasks"."date_to" - "booking_tasks"."date_from" <= 30),
	CONSTRAINT "booking_tasks_max_coefficient_range" CHECK ("booking_tasks"."max_coefficient" between 0 and 20),
	CONSTRAINT "booking_tasks_box_type" CHECK ("booking_tasks"."box_type_id" in (2, 5, 6))
);
--> statement-breakpoint
CREATE TABLE "booking_warehouses" (
	"mp_account_id" uuid NOT NULL,
	"warehouse_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_sorting_center" boolean DEFAULT false NOT NULL,
	"favourite" boolean DEFAULT false NOT NULL,
	"coefficients_at" timestamp with time zone,
	CONSTRAINT "booking_warehouses_pkey" PRIMARY KEY("mp_account_id","warehouse_id")
);
--> statement-breakpoint
ALTER TABLE "booking_coefficients" ADD CONSTRAINT "booking_coefficients_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_matches" ADD CONSTRAINT "booking_matches_task_id_booking_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."booking_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_matches" ADD CONSTRAINT "booking_matches_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_sources" ADD CONSTRAINT "booking_sources_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_tasks" ADD CONSTRAINT "booking_tasks_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_warehouses" ADD CONSTRAINT "booking_warehouses_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_matches_task_idx" ON "booking_matches" USING btree ("task_id","seen_at");--> statement-breakpoint
CREATE INDEX "booking_matches_account_seen_idx" ON "booking_matches" USING btree ("mp_account_id","seen_at");--> statement-breakpoint
CREATE INDEX "booking_matches_pending_idx" ON "booking_matches" USING btree ("mp_account_id") WHERE "booking_matches"."notify" and "booking_matches"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "booking_tasks_account_status_idx" ON "booking_tasks" USING btree ("mp_account_id","status");