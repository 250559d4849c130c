CREATE TABLE "ad_bid_baselines" (
	"mp_account_id" uuid NOT NULL,
	"advert_id" bigint NOT NULL,
	"nm_id" bigint NOT NULL,
	"placement" text NOT NULL,
	"bid_kopecks" integer NOT NULL,
	"day" date NOT NULL,
	"clicks" integer NOT NULL,
	"spend_kopecks" bigint NOT NULL,
	"source" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_bid_baselines_pkey" PRIMARY KEY("mp_account_id","advert_id","nm_id","placement")
);
--> statement-breakpoint
CREATE TABLE "ad_stats_coverage" (
	"mp_account_id" uuid NOT NULL,
	"advert_id" bigint NOT NULL,
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_stats_coverage_pkey" PRIMARY KEY("mp_account_id","advert_id")
);
--> statement-breakpoint
ALTER TABLE "ad_budget_limits" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ad_budget_limits" ADD COLUMN "reached_at_check" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_campaign_products" ADD COLUMN "bids_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_bid_baselines" ADD CONSTRAINT "ad_bid_baselines_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_stats_coverage" ADD CONSTRAINT "ad_stats_coverage_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_strategies" ADD CONSTRAINT "bid_strategies_min_bid_positive" CHECK ("bid_strategies"."min_bid" >= 1);--> statement-breakpoint
ALTER TABLE "bid_strategies" ADD CONSTRAINT "bid_strategies_min_bid_not_above_max" CHECK ("bid_strategies"."min_bid" <= "bid_strategies"."max_bid");