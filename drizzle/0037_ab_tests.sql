CREATE TABLE "ab_test_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mp_account_id" uuid NOT NULL,
	"token" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ab_test_original_media" (
	"test_id" uuid PRIMARY KEY NOT NULL,
	"media" jsonb NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ab_test_rotations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"test_id" uuid NOT NULL,
	"variant_index" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"settle_until" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"views_at_switch" bigint,
	"clicks_at_switch" bigint,
	"views_at_start" bigint,
	"clicks_at_start" bigint,
	"views_at_end" bigint,
	"clicks_at_end" bigint,
	"state" text DEFAULT 'settling' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ab_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mp_account_id" uuid NOT NULL,
	"nm_id" bigint NOT NULL,
	"advert_id" bigint NOT NULL,
	"variants" uuid[] NOT NULL,
	"switch_every_impressions" integer,
	"switch_every_hours" integer,
	"target_impressions_per_variant" integer DEFAULT 10000 NOT NULL,
	"settle_minutes" integer DEFAULT 30 NOT NULL,
	"on_finish" text NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"state_reason" text,
	"verdict" text,
	"winner_index" integer,
	"ctr_uplift_pct" numeric(10, 2),
	"scheduled_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "ab_tests_switch_every_check" CHECK (("ab_tests"."switch_every_impressions" is null) <> ("ab_tests"."switch_every_hours" is null)
        and cardinality("ab_tests"."variants") between 2 and 10)
);
--> statement-breakpoint
ALTER TABLE "ab_test_images" ADD CONSTRAINT "ab_test_images_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ab_test_images" ADD CONSTRAINT "ab_test_images_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ab_test_original_media" ADD CONSTRAINT "ab_test_original_media_test_id_ab_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."ab_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ab_test_rotations" ADD CONSTRAINT "ab_test_rotations_test_id_ab_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."ab_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ab_tests" ADD CONSTRAINT "ab_tests_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ab_tests" ADD CONSTRAINT "ab_tests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ab_test_images_token_key" ON "ab_test_images" USING btree ("token");--> statement-breakpoint
CREATE INDEX "ab_test_images_account_idx" ON "ab_test_images" USING btree ("mp_account_id");--> statement-breakpoint
CREATE INDEX "ab_test_rotations_test_started_idx" ON "ab_test_rotations" USING btree ("test_id","started_at");--> statement-breakpoint
CREATE INDEX "ab_tests_account_created_idx" ON "ab_tests" USING btree ("mp_account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ab_tests_active_nm_key" ON "ab_tests" USING btree ("mp_account_id","nm_id") WHERE state in ('scheduled', 'running', 'paused') and deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "ab_tests_active_campaign_key" ON "ab_tests" USING btree ("mp_account_id","advert_id") WHERE state in ('scheduled', 'running', 'paused') and deleted_at is null;