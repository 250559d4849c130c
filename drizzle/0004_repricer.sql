CREATE TABLE "repricer_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mp_account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"condition_metric" text NOT NULL,
	"condition_operator" text NOT NULL,
	"condition_value" numeric(14, 4),
	"action_type" text NOT NULL,
	"action_value" numeric(10, 4) NOT NULL,
	"min_price" integer,
	"max_price" integer,
	"scope" text NOT NULL,
	"scope_value" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "repricer_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mp_account_id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"outcome" text,
	"changed" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"error_text" text,
	"task_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"avg_change_pct" numeric(8, 2),
	"user_id" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "repricer_rules" ADD CONSTRAINT "repricer_rules_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repricer_runs" ADD CONSTRAINT "repricer_runs_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "repricer_rules_account_created_idx" ON "repricer_rules" USING btree ("mp_account_id","created_at");--> statement-breakpoint
CREATE INDEX "repricer_runs_account_started_idx" ON "repricer_runs" USING btree ("mp_account_id","started_at");