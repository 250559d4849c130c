CREATE TABLE "accounting_settings" (
	"mp_account_id" uuid PRIMARY KEY NOT NULL,
	"tax_regime" text NOT NULL,
	"tax_rate_pct" numeric(5, 2) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_settings_regime_check" CHECK ("accounting_settings"."tax_regime" IN ('usn_income', 'usn_income_expense', 'osno', 'none')),
	CONSTRAINT "accounting_settings_rate_check" CHECK ("accounting_settings"."tax_rate_pct" >= 0 AND "accounting_settings"."tax_rate_pct" <= 100)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mp_account_id" uuid NOT NULL,
	"date" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"type" text NOT NULL,
	"source" text NOT NULL,
	"report_id" text,
	"nm_id" bigint,
	"srid" text,
	"comment" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "ledger_transactions_type_check" CHECK ("ledger_transactions"."type" IN ('sale', 'return', 'commission', 'logistics', 'storage', 'acceptance', 'penalty', 'deduction', 'compensation', 'acquiring', 'loyalty', 'advertising', 'payout', 'cogs', 'packaging', 'fulfilment', 'tax', 'other')),
	CONSTRAINT "ledger_transactions_source_check" CHECK ("ledger_transactions"."source" IN ('mp_report', 'mp_ads', 'manual'))
);
--> statement-breakpoint
ALTER TABLE "accounting_settings" ADD CONSTRAINT "accounting_settings_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_transactions_account_date_idx" ON "ledger_transactions" USING btree ("mp_account_id","date");