CREATE TABLE "accounting_balances" (
	"mp_account_id" uuid PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"current" numeric(14, 2) NOT NULL,
	"for_withdraw" numeric(14, 2) NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounting_reports" (
	"mp_account_id" uuid NOT NULL,
	"report_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"create_date" date NOT NULL,
	"retail" numeric(14, 2) NOT NULL,
	"for_pay" numeric(14, 2) NOT NULL,
	"logistics" numeric(14, 2) NOT NULL,
	"storage" numeric(14, 2) NOT NULL,
	"acceptance" numeric(14, 2) NOT NULL,
	"deduction" numeric(14, 2) NOT NULL,
	"penalty" numeric(14, 2) NOT NULL,
	"additional_payment" numeric(14, 2) NOT NULL,
	"bank_payment" numeric(14, 2) NOT NULL,
	"list_item" jsonb NOT NULL,
	"state" text DEFAULT 'listed' NOT NULL,
	"rows_count" integer DEFAULT 0 NOT NULL,
	"differences" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"unmapped_operations" text[] DEFAULT '{}'::text[] NOT NULL,
	"listed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"detailed_at" timestamp with time zone,
	CONSTRAINT "accounting_reports_pkey" PRIMARY KEY("mp_account_id","report_id"),
	CONSTRAINT "accounting_reports_kind_check" CHECK ("accounting_reports"."kind" IN ('weekly', 'daily')),
	CONSTRAINT "accounting_reports_state_check" CHECK ("accounting_reports"."state" IN ('listed', 'detailed', 'reconciled', 'mismatch'))
);
--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "rrd_id" text;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "advert_id" bigint;--> statement-breakpoint
ALTER TABLE "accounting_balances" ADD CONSTRAINT "accounting_balances_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_reports" ADD CONSTRAINT "accounting_reports_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounting_reports_account_period_idx" ON "accounting_reports" USING btree ("mp_account_id","date_from");--> statement-breakpoint
CREATE INDEX "ledger_transactions_account_report_idx" ON "ledger_transactions" USING btree ("mp_account_id","report_id");