import { SQL, sql } from 'drizzle-orm';

import type { DataScope } from '../../../common/auth/data-scope';
import type { Database } from '../../../database/database.tokens';
import type { TaxRegime } from '../../../database/schema/accounting';
import { INCOME_FIGURES, PNL_LEDGER_FIGURES, SPLIT_TYPES, typesOf } from './pnl-lines';

// The P&L's SQL, shared by the report and its trace: every sum, product and rounding of money happens here, in numeric.

/** What a P&L is computed over: an account (a manager's brands only), Moscow days, and the tax settings. */
export interface PnlQuery extends DataScope {
  dateFrom: string;
  dateTo: string;
  taxRegime: TaxRegime;
  /** numeric(5,2) text as the settings hold it. */
  taxRatePct: string;
}

/** Literal SQL strings for an IN list (the P&L's own constants, never user input). */
export const list = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));
const SPLIT = list(SPLIT_TYPES);

/** The SKUs a manager limited to brands sees, as a condition on a nm_id column. */
export function inBrands(scope: DataScope, column: SQL): SQL {
  if (scope.brandIds === 'all') return sql`true`;
  return sql`${column} IN (SELECT nm_id FROM products WHERE mp_account_id = ${scope.accountId}::uuid
    AND brand_id = ANY(${`{${scope.brandIds.join(',')}}`}::uuid[]))`;
}

/**
 * CTEs `costs` (each cost price with the day it stops being valid) and `rows` (the period's live ledger rows but
 * payouts, a sale or return row with the cost price valid on its Moscow day: the latest valid_from up to it, its
 * units × that price as `goods` and its units as `costed` when it has one).
 */
export function ledgerRows(q: PnlQuery): SQL {
  // Only sale and return rows look their cost price up: the others' join key is NULL, which matches nothing at once.
  return sql`costs AS (
      SELECT nm_id, cost_price, valid_from, lead(valid_from, 1, 'infinity'::date) OVER (PARTITION BY nm_id ORDER BY valid_from) AS valid_to
      FROM product_costs WHERE mp_account_id = ${q.accountId}::uuid AND valid_from <= ${q.dateTo}::date
    ), rows AS (
      SELECT l.id, l.date, l.type, l.source, l.report_id, l.srid, l.nm_id, l.amount, l.quantity, c.cost_price, c.valid_from AS cost_valid_from,
        l.quantity * c.cost_price AS goods, CASE WHEN c.cost_price IS NULL THEN 0 ELSE l.quantity END AS costed
      FROM ledger_transactions l
      LEFT JOIN costs c ON c.nm_id = CASE WHEN l.type IN ('sale', 'return') THEN l.nm_id END AND l.date >= c.valid_from AND l.date < c.valid_to
      WHERE l.mp_account_id = ${q.accountId}::uuid AND l.deleted_at IS NULL AND l.date >= ${q.dateFrom}::date
        AND l.date <= ${q.dateTo}::date AND l.type <> 'payout'
    )`;
}

/** CTE `cost_starts`: each SKU's cost prices of the account as arrays in valid_from order. */
export function costStarts(accountId: string): SQL {
  return sql`cost_starts AS (
      SELECT nm_id, array_agg(valid_from ORDER BY valid_from) AS starts, array_agg(cost_price ORDER BY valid_from) AS prices
      FROM product_costs WHERE mp_account_id = ${accountId}::uuid GROUP BY nm_id
    )`;
}

/**
 * Ledger rows of `from` (nm_id, date, type, amount, quantity and any other columns) with `goods` and `costed`: a sale or
 * return row priced by the cost valid on its Moscow day, which width_bucket finds in `cost_starts` (the latest
 * valid_from up to it; before the first one there is none). The join is an equality on nm_id, so that PostgreSQL
 * estimates it well and hashes it; the money stays numeric throughout.
 */
export function pricedRows(from: SQL): SQL {
  return sql`SELECT r.*, r.quantity * r.cost_price AS goods, CASE WHEN r.cost_price IS NULL THEN 0 ELSE r.quantity END AS costed
    FROM (
      SELECT f.*, c.prices[width_bucket(f.date, c.starts)] AS cost_price
      FROM (${from}) f LEFT JOIN cost_starts c ON c.nm_id = f.nm_id AND f.type IN ('sale', 'return')
    ) r`;
}

/**
 * Rows of `from` (type, amount, quantity, goods, costed) summed by `keys` (select-list items) and type: the few sums
 * the figures are made of, so that the figures' filters run over a row per key and type, not over every ledger row.
 */
export function byType(keys: SQL[], from: SQL): SQL {
  const positions = sql.raw(keys.map((_, index) => String(index + 1)).join(', '));
  return sql`SELECT ${sql.join(keys, sql`, `)}, type, sum(amount) AS amount, sum(quantity) AS quantity, sum(goods) AS goods,
      sum(costed) AS costed
    FROM ${from} GROUP BY ${positions}, type`;
}

/** A figure's rows summed with its sign: +Σ for money in, −Σ for costs. */
function signedSum(types: readonly string[], income: boolean): SQL {
  return sql`${sql.raw(income ? '' : '-')}coalesce(sum(amount) FILTER (WHERE type IN (${list(types)})), 0)`;
}

/**
 * The figures summed over rows of (type, amount, quantity, goods, costed) — `rows` or their sums by type — with the
 * manual tax and the units sold (with and without a cost price) that the derived figures need.
 */
export const FIGURE_SUMS = sql.join(
  [
    ...PNL_LEDGER_FIGURES.map((figure) => {
      const sum = signedSum(typesOf(figure), INCOME_FIGURES.includes(figure));
      const goods = sql` + coalesce(sum(goods) FILTER (WHERE type IN ('sale', 'return')), 0)`;
      return sql`${sum}${figure === 'cogs' ? goods : sql``} AS ${sql.identifier(figure)}`;
    }),
    sql`${signedSum(typesOf('tax'), false)} AS "manualTax"`,
    sql`coalesce(sum(quantity) FILTER (WHERE type = 'sale'), 0) AS "units"`,
    sql`coalesce(sum(costed) FILTER (WHERE type = 'sale'), 0) AS "unitsCosted"`,
  ],
  sql`, `,
);

/** The figures FIGURE_SUMS sums, which the derived ones are made of. */
export const SUMMED_COLUMNS = [...PNL_LEDGER_FIGURES, 'manualTax', 'units', 'unitsCosted'] as const;

/** The summed figures of rows that already hold them, added up again (0 over no rows). */
export const SUM_OF_FIGURES = sql.raw(SUMMED_COLUMNS.map((column) => `coalesce(sum("${column}"), 0) AS "${column}"`).join(', '));

/** The summed figures' columns of `alias`. */
export const figuresOf = (alias: string) => sql.raw(SUMMED_COLUMNS.map((column) => `${alias}."${column}"`).join(', '));

/**
 * The derived figures of each row of `from` (which has the summed figures): operating profit, tax by the regime on the
 * row's own base, rounded to kopecks, plus the manual tax rows, net profit and the percentages with 2 decimals.
 */
export function derived(from: SQL, q: Pick<PnlQuery, 'taxRegime' | 'taxRatePct'>): SQL {
  return sql`SELECT f.*, o."operatingProfit", t."tax", n."netProfit",
      round(n."netProfit" * 100 / nullif(f."revenue" - f."returns", 0), 2) AS "marginPct",
      round(n."netProfit" * 100 / nullif(f."cogs", 0), 2) AS "roiPct",
      round(f."unitsCosted" * 100.0 / nullif(f."units", 0), 2) AS "costCoveragePct"
    FROM (${from}) f
    CROSS JOIN LATERAL (SELECT f."revenue" - f."returns" - f."cogs" - f."commission" - f."logistics" - f."storage" - f."acceptance"
      - f."penalties" - f."acquiring" - f."otherMp" AS "operatingProfit") o
    CROSS JOIN LATERAL (SELECT round(CASE ${q.taxRegime}::text
        WHEN 'usn_income' THEN f."revenue" - f."returns"
        WHEN 'none' THEN 0
        ELSE greatest(0, o."operatingProfit" - f."advertising") END * ${q.taxRatePct}::numeric / 100, 2) + f."manualTax" AS "tax") t
    CROSS JOIN LATERAL (SELECT o."operatingProfit" - f."advertising" - t."tax" AS "netProfit") n`;
}

/**
 * CTEs splitting the lump costs over SKUs by units sold, to the kopeck, from `sold` (nm_id, units > 0) and `lump`
 * (type, kop: the period's lump of that type in kopecks, as a cost): each SKU gets the whole kopecks of its
 * proportional part, and the kopecks left go one each to the SKUs with the largest remainders (largest remainder
 * method; ties to more units, then the lower nmId), so that the shares add up to the lump exactly. `shares` holds
 * (nm_id, type, units, base, kop): base is the whole-kopeck part, kop the share.
 */
export const SPLIT_CTES = sql`total_units AS (SELECT sum(units) AS u FROM sold),
  split AS (
    SELECT s.nm_id, l.type, s.units, l.kop AS lump, l.kop * s.units / t.u AS base, abs(l.kop * s.units % t.u) AS remainder
    FROM (SELECT nm_id, units::bigint FROM sold) s CROSS JOIN (SELECT type, kop::bigint FROM lump) l
      CROSS JOIN (SELECT u::bigint FROM total_units) t
  ), shares AS (
    SELECT nm_id, type, units, base, base + CASE
        WHEN row_number() OVER (PARTITION BY type ORDER BY remainder DESC, units DESC, nm_id) <= abs(lump - sum(base) OVER (PARTITION BY type))
        THEN sign(lump)::bigint ELSE 0 END AS kop
    FROM split
  )`;

/** The period's live ledger rows of the account (payouts too: the callers pick their types). */
export function periodLedger(q: PnlQuery): SQL {
  return sql`ledger_transactions WHERE mp_account_id = ${q.accountId}::uuid AND deleted_at IS NULL
    AND date >= ${q.dateFrom}::date AND date <= ${q.dateTo}::date`;
}

/**
 * `sold` and `lump` for SPLIT_CTES straight from the ledger (not from `rows`, which a second reader would make
 * PostgreSQL materialise whole): units sold per SKU, and the lump rows by type.
 */
export function soldAndLump(q: PnlQuery): SQL {
  return sql`sold AS (
      SELECT nm_id, sum(quantity) AS units FROM ${periodLedger(q)} AND type = 'sale' AND nm_id IS NOT NULL
      GROUP BY nm_id HAVING sum(quantity) > 0
    ), lump AS (
      SELECT type, -sum(amount) * 100 AS kop FROM ${periodLedger(q)} AND nm_id IS NULL AND type IN (${SPLIT}) GROUP BY type
    )`;
}

/**
 * CTEs `lump_rows` and `row_shares`: each lump row's part of the shares of the SKUs that `skus` (a condition on
 * sh.nm_id) admits. A SKU's share is spread over the lump rows of its type by the running total in date order: row j
 * gets ⌊C_j·u/U⌋ − ⌊C_{j−1}·u/U⌋ kopecks (C the running lump, ⌊⌋ toward zero), which add up to the share's whole part,
 * and the last row also takes the share's largest-remainder kopeck: a SKU's row parts add up to its share exactly.
 */
export function rowShares(q: PnlQuery, skus: SQL): SQL {
  return sql`lump_rows AS (
      SELECT id, date, type, -amount * 100 AS kop,
        sum(-amount * 100) OVER (PARTITION BY type ORDER BY date, id) AS cum,
        row_number() OVER (PARTITION BY type ORDER BY date DESC, id DESC) = 1 AS last
      FROM ${periodLedger(q)} AND nm_id IS NULL AND type IN (${SPLIT})
    ), row_shares AS (
      SELECT lr.id, lr.date, lr.type, sh.nm_id,
        div(lr.cum * sh.units, t.u) - div((lr.cum - lr.kop) * sh.units, t.u) + CASE WHEN lr.last THEN sh.kop - sh.base ELSE 0 END AS kop
      FROM lump_rows lr JOIN shares sh ON sh.type = lr.type CROSS JOIN total_units t
      WHERE ${skus}
    )`;
}

/** A row's key as the P&L writes it, of a `date` column: a Moscow day, the Monday of its ISO week, or its month. */
export function timeKey(grouping: 'day' | 'week' | 'month'): SQL {
  if (grouping === 'week') return sql`to_char(date_trunc('week', date)::date, 'YYYY-MM-DD')`;
  return sql.raw(grouping === 'day' ? `to_char(date, 'YYYY-MM-DD')` : `to_char(date, 'YYYY-MM')`);
}

/** A SKU's brand as the catalog names it ('' for a SKU the catalog does not hold); `nmId` qualified by its table's alias. */
export function brandOf(accountId: string, nmId: SQL): SQL {
  return sql`coalesce((SELECT brand FROM products WHERE mp_account_id = ${accountId}::uuid AND nm_id = ${nmId}), '')`;
}

/**
 * Runs `statements` of the P&L in a transaction of their own with JIT off, where compiling their hundred-odd
 * expressions took seconds, more than running them, and room to hash the SKUs' sums in memory (100 000 SKU × type
 * groups of a 20 000-SKU account need some 85 MB; with the default 4 MB they go to disk). The last one's rows.
 */
export function analytical<T extends Record<string, unknown>>(db: Database, ...statements: SQL[]): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL jit = off`);
    await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
    let rows: T[] = [];
    for (const statement of statements) rows = (await tx.execute<T>(statement)).rows as T[];
    return rows;
  });
}
