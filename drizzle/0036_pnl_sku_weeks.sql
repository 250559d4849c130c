CREATE TABLE "pnl_sku_weeks" (
	"mp_account_id" uuid NOT NULL,
	"nm_id" bigint NOT NULL,
	"week" date NOT NULL,
	"revenue" bigint NOT NULL,
	"returns" bigint NOT NULL,
	"cogs" bigint NOT NULL,
	"commission" bigint NOT NULL,
	"logistics" bigint NOT NULL,
	"storage" bigint NOT NULL,
	"acceptance" bigint NOT NULL,
	"penalties" bigint NOT NULL,
	"acquiring" bigint NOT NULL,
	"other_mp" bigint NOT NULL,
	"advertising" bigint NOT NULL,
	"manual_tax" bigint NOT NULL,
	"units" integer NOT NULL,
	"units_costed" integer NOT NULL,
	CONSTRAINT "pnl_sku_weeks_pkey" PRIMARY KEY("mp_account_id","week","nm_id")
);
--> statement-breakpoint
CREATE TABLE "pnl_stale_weeks" (
	"mp_account_id" uuid NOT NULL,
	"nm_id" bigint NOT NULL,
	"week" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pnl_sku_weeks" ADD CONSTRAINT "pnl_sku_weeks_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pnl_stale_weeks" ADD CONSTRAINT "pnl_stale_weeks_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pnl_stale_weeks_account_idx" ON "pnl_stale_weeks" USING btree ("mp_account_id");--> statement-breakpoint
CREATE FUNCTION "pnl_stale_ledger_weeks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The weeks of the rows a statement changed (their old and their new state; nm_id 0: rows without a SKU), for the
  -- accounts that still exist.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO "pnl_stale_weeks" ("mp_account_id", "nm_id", "week")
    SELECT DISTINCT o."mp_account_id", coalesce(o."nm_id", 0), date_trunc('week', o."date"::timestamp)::date FROM old_rows o
    WHERE o."type" <> 'payout' AND EXISTS (SELECT 1 FROM "mp_accounts" a WHERE a."id" = o."mp_account_id");
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "pnl_stale_weeks" ("mp_account_id", "nm_id", "week")
    SELECT DISTINCT n."mp_account_id", coalesce(n."nm_id", 0), date_trunc('week', n."date"::timestamp)::date FROM new_rows n
    WHERE n."type" <> 'payout' AND EXISTS (SELECT 1 FROM "mp_accounts" a WHERE a."id" = n."mp_account_id");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_pnl_insert" AFTER INSERT ON "ledger_transactions" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "pnl_stale_ledger_weeks"();
--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_pnl_update" AFTER UPDATE ON "ledger_transactions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "pnl_stale_ledger_weeks"();
--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_pnl_delete" AFTER DELETE ON "ledger_transactions" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "pnl_stale_ledger_weeks"();
--> statement-breakpoint
CREATE FUNCTION "pnl_stale_cost_weeks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A cost price prices a SKU's sales and returns from its day on: the weeks of those rows.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO "pnl_stale_weeks" ("mp_account_id", "nm_id", "week")
    SELECT DISTINCT l."mp_account_id", l."nm_id", date_trunc('week', l."date"::timestamp)::date FROM old_rows o
    JOIN "ledger_transactions" l ON l."mp_account_id" = o."mp_account_id" AND l."nm_id" = o."nm_id" AND l."date" >= o."valid_from"
      AND l."type" IN ('sale', 'return')
    WHERE EXISTS (SELECT 1 FROM "mp_accounts" a WHERE a."id" = o."mp_account_id");
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "pnl_stale_weeks" ("mp_account_id", "nm_id", "week")
    SELECT DISTINCT l."mp_account_id", l."nm_id", date_trunc('week', l."date"::timestamp)::date FROM new_rows n
    JOIN "ledger_transactions" l ON l."mp_account_id" = n."mp_account_id" AND l."nm_id" = n."nm_id" AND l."date" >= n."valid_from"
      AND l."type" IN ('sale', 'return')
    WHERE EXISTS (SELECT 1 FROM "mp_accounts" a WHERE a."id" = n."mp_account_id");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "product_costs_pnl_insert" AFTER INSERT ON "product_costs" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "pnl_stale_cost_weeks"();
--> statement-breakpoint
CREATE TRIGGER "product_costs_pnl_update" AFTER UPDATE ON "product_costs" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "pnl_stale_cost_weeks"();
--> statement-breakpoint
CREATE TRIGGER "product_costs_pnl_delete" AFTER DELETE ON "product_costs" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "pnl_stale_cost_weeks"();
--> statement-breakpoint
INSERT INTO "pnl_stale_weeks" ("mp_account_id", "nm_id", "week")
SELECT DISTINCT "mp_account_id", coalesce("nm_id", 0), date_trunc('week', "date"::timestamp)::date FROM "ledger_transactions" WHERE "type" <> 'payout';
