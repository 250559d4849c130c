CREATE TABLE "rnp_daily_row_versions" (
	"mp_account_id" uuid NOT NULL,
	"nm_id" bigint NOT NULL,
	"day" date NOT NULL,
	"version" integer NOT NULL,
	"opens" integer,
	"cart_adds" integer,
	"orders_qty" integer,
	"orders_sum" numeric(14, 2),
	"buyouts_qty" integer,
	"buyouts_sum" numeric(14, 2),
	"cancels_qty" integer,
	"cancels_sum" numeric(14, 2),
	"add_to_cart_pct" numeric(7, 2),
	"cart_to_order_pct" numeric(7, 2),
	"buyout_pct" numeric(7, 2),
	"funnel_updated_at" timestamp with time zone,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rnp_daily_row_versions_pkey" PRIMARY KEY("mp_account_id","nm_id","day","version")
);
--> statement-breakpoint
CREATE TABLE "rnp_daily_rows" (
	"mp_account_id" uuid NOT NULL,
	"nm_id" bigint NOT NULL,
	"day" date NOT NULL,
	"opens" integer,
	"cart_adds" integer,
	"orders_qty" integer,
	"orders_sum" numeric(14, 2),
	"buyouts_qty" integer,
	"buyouts_sum" numeric(14, 2),
	"cancels_qty" integer,
	"cancels_sum" numeric(14, 2),
	"add_to_cart_pct" numeric(7, 2),
	"cart_to_order_pct" numeric(7, 2),
	"buyout_pct" numeric(7, 2),
	"orders_source" text,
	"ad_spend" numeric(14, 2),
	"ad_views" integer,
	"ad_clicks" integer,
	"price" numeric(12, 2),
	"stock" integer,
	"days_of_cover" numeric(8, 1),
	"rating" numeric(3, 2),
	"feedbacks" integer DEFAULT 0 NOT NULL,
	"bad_reviews" integer DEFAULT 0 NOT NULL,
	"flags" text[] DEFAULT '{}'::text[] NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"funnel_updated_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rnp_daily_rows_pkey" PRIMARY KEY("mp_account_id","nm_id","day"),
	CONSTRAINT "rnp_daily_rows_orders_source_check" CHECK ("rnp_daily_rows"."orders_source" IS NULL OR "rnp_daily_rows"."orders_source" IN ('funnel', 'orders'))
);
--> statement-breakpoint
ALTER TABLE "rnp_daily_row_versions" ADD CONSTRAINT "rnp_daily_row_versions_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rnp_daily_rows" ADD CONSTRAINT "rnp_daily_rows_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rnp_daily_rows_account_day_idx" ON "rnp_daily_rows" USING btree ("mp_account_id","day");