CREATE TABLE "inventory_alerts" (
	"mp_account_id" uuid NOT NULL,
	"nm_id" bigint NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"days_of_cover" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_alerts_mp_account_id_nm_id_day_pk" PRIMARY KEY("mp_account_id","nm_id","day")
);
--> statement-breakpoint
CREATE TABLE "inventory_cover" (
	"mp_account_id" uuid NOT NULL,
	"nm_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"velocity_per_day" double precision,
	"days_of_cover" double precision,
	"status" text NOT NULL,
	"status_since" timestamp with time zone NOT NULL,
	"previous_status" text,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "inventory_cover_mp_account_id_nm_id_pk" PRIMARY KEY("mp_account_id","nm_id")
);
--> statement-breakpoint
CREATE TABLE "inventory_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mp_account_id" uuid NOT NULL,
	"params" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"line_count" integer NOT NULL,
	"units" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_settings" (
	"mp_account_id" uuid PRIMARY KEY NOT NULL,
	"urgent_days" integer NOT NULL,
	"soon_days" integer NOT NULL,
	"target_days" integer NOT NULL,
	"lead_time_days" integer NOT NULL,
	"safety_factor" numeric(3, 2) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_settings_urgent_days" CHECK ("inventory_settings"."urgent_days" BETWEEN 1 AND 60),
	CONSTRAINT "inventory_settings_soon_days" CHECK ("inventory_settings"."soon_days" BETWEEN 2 AND 120),
	CONSTRAINT "inventory_settings_urgent_before_soon" CHECK ("inventory_settings"."urgent_days" < "inventory_settings"."soon_days"),
	CONSTRAINT "inventory_settings_target_days" CHECK ("inventory_settings"."target_days" BETWEEN 1 AND 365),
	CONSTRAINT "inventory_settings_lead_time_days" CHECK ("inventory_settings"."lead_time_days" BETWEEN 0 AND 120),
	CONSTRAINT "inventory_settings_safety_factor" CHECK ("inventory_settings"."safety_factor" BETWEEN 1 AND 3)
);
--> statement-breakpoint
ALTER TABLE "inventory_alerts" ADD CONSTRAINT "inventory_alerts_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_cover" ADD CONSTRAINT "inventory_cover_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_plans" ADD CONSTRAINT "inventory_plans_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_settings" ADD CONSTRAINT "inventory_settings_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_cover_account_cover_idx" ON "inventory_cover" USING btree ("mp_account_id","days_of_cover","nm_id");--> statement-breakpoint
CREATE INDEX "inventory_cover_account_status_idx" ON "inventory_cover" USING btree ("mp_account_id","status");--> statement-breakpoint
CREATE INDEX "inventory_plans_account_created_idx" ON "inventory_plans" USING btree ("mp_account_id","created_at");