import { SQL, sql } from 'drizzle-orm';

import { pnlSkuWeeks } from '../../../database/schema/accounting';
import { byType, costStarts, FIGURE_SUMS, PnlQuery, pricedRows, SUM_OF_FIGURES, SUMMED_COLUMNS } from './pnl.sql';
import { weekPlan } from './pnl-week-plan';

// The P&L's figures summed by SKU and ISO week (pnl_sku_weeks): how they are recomputed, and how a P&L by SKU reads them.

/** The summed figures' columns of pnl_sku_weeks, in SUMMED_COLUMNS' order. */
const WEEK_COLUMNS = SUMMED_COLUMNS.map((column) => sql.identifier(pnlSkuWeeks[column].name));

/** The summed figures that are money, which pnl_sku_weeks holds in kopecks (the others count units). */
const isMoney = (column: (typeof SUMMED_COLUMNS)[number]) => column !== 'units' && column !== 'unitsCosted';

/** The account's lock of its weeks' recompute: two recomputes of one account queue up. */
export const lockWeeks = (accountId: string) => sql`SELECT pg_advisory_xact_lock(hashtextextended(${`pnl_sku_weeks:${accountId}`}, 0))`;

/**
 * Takes the account's stale weeks off their log and sums their live ledger rows but payouts again (nm_id 0: the rows
 * without a SKU), each priced by the cost valid on its day; a week left without rows goes. Answers how many it wrote.
 */
export function refreshWeeks(accountId: string): SQL {
  const account = sql`${accountId}::uuid`;
  const live = sql`l.deleted_at IS NULL AND l.type <> 'payout'`;
  return sql`WITH taken AS (DELETE FROM pnl_stale_weeks WHERE mp_account_id = ${account} RETURNING nm_id, week),
    stale AS (SELECT DISTINCT nm_id, week FROM taken),
    ${costStarts(accountId)},
    week_rows AS (
      SELECT s.nm_id AS key, s.week, l.nm_id, l.date, l.type, l.amount, l.quantity
      FROM stale s JOIN ledger_transactions l ON l.mp_account_id = ${account} AND l.nm_id = s.nm_id AND l.date >= s.week
        AND l.date < s.week + 7 AND date_trunc('week', l.date::timestamp)::date = s.week
      WHERE ${live}
      UNION ALL
      SELECT 0, s.week, l.nm_id, l.date, l.type, l.amount, l.quantity
      FROM stale s JOIN ledger_transactions l ON l.mp_account_id = ${account} AND l.nm_id IS NULL AND l.date >= s.week AND l.date < s.week + 7
      WHERE s.nm_id = 0 AND ${live}
    ),
    fresh AS (
      SELECT key AS nm_id, week, ${FIGURE_SUMS}
      FROM (${byType([sql`key`, sql`week`], sql`(${pricedRows(sql`SELECT * FROM week_rows`)}) r`)}) t GROUP BY key, week
    ),
    gone AS (
      DELETE FROM pnl_sku_weeks w USING stale s
      WHERE w.mp_account_id = ${account} AND w.week = s.week AND w.nm_id = s.nm_id
        AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.week = s.week AND f.nm_id = s.nm_id)
    ),
    written AS (
      INSERT INTO pnl_sku_weeks (mp_account_id, nm_id, week, ${sql.join(WEEK_COLUMNS, sql`, `)})
    SELECT ${account}, f.nm_id, f.week, ${sql.join(
      SUMMED_COLUMNS.map((column) =>
        isMoney(column) ? sql`(f.${sql.identifier(column)} * 100)::bigint` : sql`f.${sql.identifier(column)}`,
      ),
      sql`, `,
    )} FROM fresh f
    ON CONFLICT (mp_account_id, week, nm_id) DO UPDATE SET ${sql.join(
      WEEK_COLUMNS.map((column) => sql`${column} = excluded.${column}`),
      sql`, `,
    )}
      RETURNING 1
    )
    SELECT count(*)::int AS written FROM written`;
}

/**
 * The summed figures of each SKU over the period (nm_id NULL: the rows without a SKU), needing `cost_starts`: its
 * weeks from pnl_sku_weeks (kopecks back to roubles), give or take a few days of the ledger at its edges (weekPlan).
 */
export function skuSums(q: PnlQuery): SQL {
  const account = sql`${q.accountId}::uuid`;
  const plan = weekPlan(q.dateFrom, q.dateTo);
  // Each part summed by SKU on its own, which PostgreSQL does in parallel, before the parts are added up.
  const parts: SQL[] = [];
  if (plan.weeks)
    parts.push(sql`SELECT nullif(nm_id, 0) AS nm_id, ${sql.join(
      SUMMED_COLUMNS.map((name, index) => {
        const sum = sql`coalesce(sum(${WEEK_COLUMNS[index]}), 0)`;
        return sql`${isMoney(name) ? sql`${sum} * 0.01` : sum} AS ${sql.identifier(name)}`;
      }),
      sql`, `,
    )}
      FROM pnl_sku_weeks WHERE mp_account_id = ${account} AND week >= ${plan.weeks.from}::date AND week <= ${plan.weeks.to}::date
      GROUP BY nm_id`);
  if (plan.days.length) {
    // The figures are sums: a day taken away is its rows with their amounts and units negated.
    const days = plan.days.map(({ from, to, sign }) => {
      const signed = sql.raw(String(sign));
      return sql`SELECT nm_id, date, type, amount * ${signed} AS amount, quantity * ${signed} AS quantity FROM ledger_transactions
        WHERE mp_account_id = ${account} AND deleted_at IS NULL AND type <> 'payout' AND date >= ${from}::date AND date <= ${to}::date`;
    });
    const rows = pricedRows(sql.join(days, sql` UNION ALL `));
    parts.push(sql`SELECT nm_id, ${FIGURE_SUMS} FROM (${byType([sql`nm_id`], sql`(${rows}) r`)}) t GROUP BY nm_id`);
  }
  return sql`SELECT nm_id, ${SUM_OF_FIGURES} FROM (${sql.join(parts, sql` UNION ALL `)}) s GROUP BY nm_id`;
}
