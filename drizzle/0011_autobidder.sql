CREATE TABLE "ad_budget_limits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mp_account_id" uuid NOT NULL,
	"advert_id" bigint NOT NULL,
	"daily_limit_rub" integer,
	"period_limit_rub" integer,
	"period_start_date" date,
	"on_limit_action" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ad_budget_triggers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mp_account_id" uuid NOT NULL,
	"budget_id" uuid NOT NULL,
	"advert_id" bigint NOT NULL,
	"limit_type" text NOT NULL,
	"limit_rub" integer NOT NULL,
	"spend_kopecks" bigint NOT NULL,
	"action" text NOT NULL,
	"applied" boolean NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_campaign_products" (
	"mp_account_id" uuid NOT NULL,
	"advert_id" bigint NOT NULL,
	"nm_id" bigint NOT NULL,
	"bids" jsonb NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_campaign_products_pkey" PRIMARY KEY("mp_account_id","advert_id","nm_id")
);
--> statement-breakpoint
CREATE TABLE "ad_campaigns" (
	"mp_account_id" uuid NOT NULL,
	"advert_id" bigint NOT NULL,
	"name" text NOT NULL,
	"status" integer NOT NULL,
	"type" integer NOT NULL,
	"bid_type" text NOT NULL,
	"payment_type" text NOT NULL,
	"auto" boolean DEFAULT false NOT NULL,
	"strategy_id" uuid,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_campaigns_pkey" PRIMARY KEY("mp_account_id","advert_id")
);
--> statement-breakpoint
CREATE TABLE "ad_product_stats" (
	"mp_account_id" uuid NOT NULL,
	"advert_id" bigint NOT NULL,
	"nm_id" bigint NOT NULL,
	"day" date NOT NULL,
	"views" integer NOT NULL,
	"clicks" integer NOT NULL,
	"spend_kopecks" bigint NOT NULL,
	"orders" integer NOT NULL,
	"ordered_kopecks" bigint NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_product_stats_pkey" PRIMARY KEY("mp_account_id","advert_id","nm_id","day")
);
--> statement-breakpoint
CREATE TABLE "bid_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mp_account_id" uuid NOT NULL,
	"advert_id" bigint NOT NULL,
	"campaign_name" text NOT NULL,
	"nm_id" bigint NOT NULL,
	"placement" text NOT NULL,
	"bid_before" integer NOT NULL,
	"bid_after" integer NOT NULL,
	"reason" text NOT NULL,
	"strategy_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bid_strategies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mp_account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"goal" text NOT NULL,
	"target_cpc" integer,
	"target_drr_pct" numeric(6, 2),
	"target_position" integer,
	"min_bid" integer NOT NULL,
	"max_bid" integer NOT NULL,
	"campaigns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ad_budget_limits" ADD CONSTRAINT "ad_budget_limits_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_budget_triggers" ADD CONSTRAINT "ad_budget_triggers_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_budget_triggers" ADD CONSTRAINT "ad_budget_triggers_budget_id_ad_budget_limits_id_fk" FOREIGN KEY ("budget_id") REFERENCES "public"."ad_budget_limits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_campaign_products" ADD CONSTRAINT "ad_campaign_products_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_campaigns" ADD CONSTRAINT "ad_campaigns_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_product_stats" ADD CONSTRAINT "ad_product_stats_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_log" ADD CONSTRAINT "bid_log_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_strategies" ADD CONSTRAINT "bid_strategies_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_budget_limits_live_campaign_key" ON "ad_budget_limits" USING btree ("mp_account_id","advert_id") WHERE "ad_budget_limits"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "ad_budget_triggers_account_created_idx" ON "ad_budget_triggers" USING btree ("mp_account_id","created_at");--> statement-breakpoint
CREATE INDEX "ad_product_stats_account_day_idx" ON "ad_product_stats" USING btree ("mp_account_id","day");--> statement-breakpoint
CREATE INDEX "bid_log_account_created_idx" ON "bid_log" USING btree ("mp_account_id","created_at");--> statement-breakpoint
CREATE INDEX "bid_log_account_advert_created_idx" ON "bid_log" USING btree ("mp_account_id","advert_id","created_at");--> statement-breakpoint
CREATE INDEX "bid_strategies_account_created_idx" ON "bid_strategies" USING btree ("mp_account_id","created_at");