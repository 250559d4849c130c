CREATE TABLE "import_checkpoints" (
	"job_id" text NOT NULL,
	"feed" text NOT NULL,
	"mp_account_id" uuid NOT NULL,
	"cursor" text NOT NULL,
	"inserted" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_checkpoints_pkey" PRIMARY KEY("job_id","feed")
);
--> statement-breakpoint
CREATE TABLE "mp_orders" (
	"mp_account_id" uuid NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"last_change_date" timestamp with time zone NOT NULL,
	"warehouse_name" text NOT NULL,
	"warehouse_type" text NOT NULL,
	"country_name" text NOT NULL,
	"oblast_okrug_name" text NOT NULL,
	"region_name" text NOT NULL,
	"supplier_article" text NOT NULL,
	"nm_id" bigint NOT NULL,
	"barcode" text NOT NULL,
	"category" text NOT NULL,
	"subject" text NOT NULL,
	"brand" text NOT NULL,
	"tech_size" text NOT NULL,
	"income_id" bigint NOT NULL,
	"is_supply" boolean NOT NULL,
	"is_realization" boolean NOT NULL,
	"total_price" numeric(14, 2) NOT NULL,
	"discount_percent" integer NOT NULL,
	"spp" numeric(8, 2) NOT NULL,
	"finished_price" numeric(14, 2) NOT NULL,
	"price_with_disc" numeric(14, 2) NOT NULL,
	"sticker" text NOT NULL,
	"g_number" text NOT NULL,
	"srid" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_cancel" boolean NOT NULL,
	"cancel_date" timestamp with time zone,
	CONSTRAINT "mp_orders_pkey" PRIMARY KEY("mp_account_id","srid")
);
--> statement-breakpoint
CREATE TABLE "mp_sales" (
	"mp_account_id" uuid NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"last_change_date" timestamp with time zone NOT NULL,
	"warehouse_name" text NOT NULL,
	"warehouse_type" text NOT NULL,
	"country_name" text NOT NULL,
	"oblast_okrug_name" text NOT NULL,
	"region_name" text NOT NULL,
	"supplier_article" text NOT NULL,
	"nm_id" bigint NOT NULL,
	"barcode" text NOT NULL,
	"category" text NOT NULL,
	"subject" text NOT NULL,
	"brand" text NOT NULL,
	"tech_size" text NOT NULL,
	"income_id" bigint NOT NULL,
	"is_supply" boolean NOT NULL,
	"is_realization" boolean NOT NULL,
	"total_price" numeric(14, 2) NOT NULL,
	"discount_percent" integer NOT NULL,
	"spp" numeric(8, 2) NOT NULL,
	"finished_price" numeric(14, 2) NOT NULL,
	"price_with_disc" numeric(14, 2) NOT NULL,
	"sticker" text NOT NULL,
	"g_number" text NOT NULL,
	"srid" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sale_id" text NOT NULL,
	"kind" text NOT NULL,
	"payment_sale_amount" integer NOT NULL,
	"for_pay" numeric(14, 2) NOT NULL,
	CONSTRAINT "mp_sales_pkey" PRIMARY KEY("mp_account_id","sale_id")
);
--> statement-breakpoint
CREATE TABLE "realisation_report_rows" (
	"mp_account_id" uuid NOT NULL,
	"rrd_id" bigint NOT NULL,
	"report_id" bigint NOT NULL,
	"date_from" text NOT NULL,
	"date_to" text NOT NULL,
	"create_date" text NOT NULL,
	"report_type" integer NOT NULL,
	"nm_id" bigint NOT NULL,
	"doc_type_name" text NOT NULL,
	"seller_oper_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"order_dt" timestamp with time zone,
	"sale_dt" timestamp with time zone,
	"rr_date" text NOT NULL,
	"retail_amount" numeric(14, 2) NOT NULL,
	"ppvz_sales_commission" numeric(14, 2) NOT NULL,
	"for_pay" numeric(14, 2) NOT NULL,
	"delivery_service" numeric(14, 2) NOT NULL,
	"paid_storage" numeric(14, 2) NOT NULL,
	"penalty" numeric(14, 2) NOT NULL,
	"deduction" numeric(14, 2) NOT NULL,
	"srid" text NOT NULL,
	"row" jsonb NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "realisation_report_rows_pkey" PRIMARY KEY("mp_account_id","rrd_id")
);
--> statement-breakpoint
ALTER TABLE "import_checkpoints" ADD CONSTRAINT "import_checkpoints_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mp_orders" ADD CONSTRAINT "mp_orders_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mp_sales" ADD CONSTRAINT "mp_sales_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "realisation_report_rows" ADD CONSTRAINT "realisation_report_rows_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mp_orders_account_date_idx" ON "mp_orders" USING btree ("mp_account_id","date");--> statement-breakpoint
CREATE INDEX "mp_sales_account_date_idx" ON "mp_sales" USING btree ("mp_account_id","kind","date");--> statement-breakpoint
CREATE INDEX "realisation_report_rows_account_report_idx" ON "realisation_report_rows" USING btree ("mp_account_id","date_from");--> statement-breakpoint
CREATE INDEX "realisation_report_rows_account_sale_idx" ON "realisation_report_rows" USING btree ("mp_account_id","sale_dt");