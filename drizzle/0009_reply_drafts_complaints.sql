CREATE TABLE "complaint_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mp_account_id" uuid NOT NULL,
	"rating_max" integer NOT NULL,
	"brand" text,
	"category" text,
	"reason" text NOT NULL,
	"template_id" uuid,
	"reply_mode" text DEFAULT 'manual' NOT NULL,
	"priority" integer DEFAULT 100 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mp_account_id" uuid NOT NULL,
	"inbox_item_id" uuid NOT NULL,
	"rule_id" uuid,
	"reason" text NOT NULL,
	"text" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reply_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mp_account_id" uuid NOT NULL,
	"inbox_item_id" uuid NOT NULL,
	"status" text NOT NULL,
	"text" text NOT NULL,
	"source" text NOT NULL,
	"template_text" text NOT NULL,
	"scenario_id" uuid,
	"template_id" uuid,
	"note" text,
	"published_source" text,
	"publication" integer DEFAULT 0 NOT NULL,
	"publishing_at" timestamp with time zone,
	"blocked_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reply_scenarios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mp_account_id" uuid NOT NULL,
	"priority" integer DEFAULT 100 NOT NULL,
	"kind" text NOT NULL,
	"brand" text,
	"category" text,
	"rating_min" integer,
	"rating_max" integer,
	"reply_mode" text DEFAULT 'manual' NOT NULL,
	"template_id" uuid NOT NULL,
	"use_llm" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reply_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mp_account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "complaint_rules" ADD CONSTRAINT "complaint_rules_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_rules" ADD CONSTRAINT "complaint_rules_template_id_reply_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."reply_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_inbox_item_id_inbox_items_id_fk" FOREIGN KEY ("inbox_item_id") REFERENCES "public"."inbox_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_rule_id_complaint_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."complaint_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_drafts" ADD CONSTRAINT "reply_drafts_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_drafts" ADD CONSTRAINT "reply_drafts_inbox_item_id_inbox_items_id_fk" FOREIGN KEY ("inbox_item_id") REFERENCES "public"."inbox_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_drafts" ADD CONSTRAINT "reply_drafts_scenario_id_reply_scenarios_id_fk" FOREIGN KEY ("scenario_id") REFERENCES "public"."reply_scenarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_drafts" ADD CONSTRAINT "reply_drafts_template_id_reply_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."reply_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_scenarios" ADD CONSTRAINT "reply_scenarios_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_scenarios" ADD CONSTRAINT "reply_scenarios_template_id_reply_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."reply_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_templates" ADD CONSTRAINT "reply_templates_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaint_rules_account_created_idx" ON "complaint_rules" USING btree ("mp_account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "complaints_inbox_item_key" ON "complaints" USING btree ("inbox_item_id");--> statement-breakpoint
CREATE INDEX "complaints_account_status_idx" ON "complaints" USING btree ("mp_account_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reply_drafts_inbox_item_key" ON "reply_drafts" USING btree ("inbox_item_id");--> statement-breakpoint
CREATE INDEX "reply_drafts_account_sent_idx" ON "reply_drafts" USING btree ("mp_account_id","sent_at");--> statement-breakpoint
CREATE INDEX "reply_drafts_account_blocked_idx" ON "reply_drafts" USING btree ("mp_account_id","blocked_at");--> statement-breakpoint
CREATE INDEX "reply_scenarios_account_created_idx" ON "reply_scenarios" USING btree ("mp_account_id","created_at");--> statement-breakpoint
CREATE INDEX "reply_templates_account_created_idx" ON "reply_templates" USING btree ("mp_account_id","created_at");