import { Inject, Injectable } from '@nestjs/common';
import { SQL, sql } from 'drizzle-orm';

import { pageOffset } from '../../../common/http/pagination';
import { DATABASE, Database } from '../../../database/database.tokens';
import type { PageRequest } from '../../../database/query-page';
import {
  analytical,
  brandOf,
  byType,
  costStarts,
  derived,
  FIGURE_SUMS,
  figuresOf,
  inBrands,
  ledgerRows,
  PnlQuery,
  rowShares,
  soldAndLump,
  SPLIT_CTES,
  SUM_OF_FIGURES,
  timeKey,
} from './pnl.sql';
import type { PnlGrouping } from './pnl-lines';
import { PnlWeeksRepository } from './pnl-weeks.repository';
import { skuSums } from './pnl-weeks.sql';

/** A P&L figure set as PostgreSQL answers it: numeric text (null for a percentage without a divisor). */
export type PnlFiguresRow = {
  revenue: string;
  returns: string;
  cogs: string;
  commission: string;
  logistics: string;
  storage: string;
  acceptance: string;
  penalties: string;
  acquiring: string;
  otherMp: string;
  advertising: string;
  tax: string;
  operatingProfit: string;
  netProfit: string;
  marginPct: string | null;
  roiPct: string | null;
  costCoveragePct: string | null;
};

export interface PnlReportRows {
  items: (PnlFiguresRow & { key: string })[];
  /** Rows of the ledger without a SKU that are not split (nm and brand grouping, whole account only). */
  unallocated: PnlFiguresRow | null;
  totals: PnlFiguresRow;
  total: number;
  /** The totals' tax less the tax of every row (all pages) and of the unallocated rows, numeric text. */
  taxDifference: string;
}

type Part = PnlFiguresRow & {
  kind: 'item' | 'unallocated' | 'totals';
  key: string | null;
  total: number | null;
  taxDifference: string | null;
};

const OUTPUT = sql.raw(
  `"revenue", "returns", "cogs", "commission", "logistics", "storage", "acceptance", "penalties", "acquiring", "otherMp", ` +
    `"advertising", "tax", "operatingProfit", "netProfit", "marginPct", "roiPct", "costCoveragePct"`,
);

/**
 * The per-SKU CTEs: `per_nm` (the figures of each SKU, and of the rows without one under nm_id NULL), the lump split
 * (SPLIT_CTES) and `nm_rows`: each SKU's figures with its shares of the lumps, within the scope.
 */
function perSku(q: PnlQuery): SQL {
  const share = (type: string) => sql.raw(`coalesce(s."${type}", 0)`);
  return sql`${costStarts(q.accountId)}, per_nm AS (${skuSums(q)}),
    sold AS (SELECT nm_id, "units" AS units FROM per_nm WHERE nm_id IS NOT NULL AND "units" > 0),
    lump AS (
      SELECT v.type, v.kop FROM per_nm p
      CROSS JOIN LATERAL (VALUES ('storage', p."storage" * 100), ('acceptance', p."acceptance" * 100), ('advertising', p."advertising" * 100)) v(type, kop)
      WHERE p.nm_id IS NULL
    ), ${SPLIT_CTES},
    nm_shares AS (
      SELECT nm_id, sum(kop) FILTER (WHERE type = 'storage') / 100 AS storage, sum(kop) FILTER (WHERE type = 'acceptance') / 100 AS acceptance,
        sum(kop) FILTER (WHERE type = 'advertising') / 100 AS advertising
      FROM shares GROUP BY nm_id
    ), nm_rows AS (
      SELECT p.nm_id, p."revenue", p."returns", p."cogs", p."commission", p."logistics", p."storage" + ${share('storage')} AS "storage",
        p."acceptance" + ${share('acceptance')} AS "acceptance", p."penalties", p."acquiring", p."otherMp",
        p."advertising" + ${share('advertising')} AS "advertising", p."manualTax", p."units", p."unitsCosted"
      FROM per_nm p LEFT JOIN nm_shares s USING (nm_id)
      WHERE p.nm_id IS NOT NULL AND ${inBrands(q, sql`p.nm_id`)}
    )`;
}

/** The rows without a SKU, less the lumps split (all of them when some unit was sold): the account's own figures. */
const UNALLOCATED_BASE = sql`SELECT ${SUM_OF_FIGURES} FROM (
    SELECT p."revenue", p."returns", p."cogs", p."commission", p."logistics",
      CASE WHEN t.u > 0 THEN 0 ELSE p."storage" END AS "storage", CASE WHEN t.u > 0 THEN 0 ELSE p."acceptance" END AS "acceptance",
      p."penalties", p."acquiring", p."otherMp", CASE WHEN t.u > 0 THEN 0 ELSE p."advertising" END AS "advertising",
      p."manualTax", p."units", p."unitsCosted"
    FROM per_nm p CROSS JOIN total_units t WHERE p.nm_id IS NULL
  ) x`;

/** Every CTE a grouping needs, ending in `keyed` (key, tiebreak and the summed figures of each row of the P&L). */
function keyedCtes(q: PnlQuery, grouping: PnlGrouping): SQL {
  // A SKU's row is its figures as they are; a brand's, its SKUs' figures added up.
  if (grouping === 'nm')
    return sql`${perSku(q)}, keyed AS (SELECT nm_id::text AS key, nm_id::text AS tiebreak, ${figuresOf('n')} FROM nm_rows n)`;
  if (grouping === 'brand') {
    return sql`${perSku(q)}, keyed AS (
      SELECT key, min(nm_id)::text AS tiebreak, ${SUM_OF_FIGURES}
      FROM (SELECT ${brandOf(q.accountId, sql`n.nm_id`)} AS key, n.* FROM nm_rows n) r GROUP BY key
    )`;
  }
  const key = timeKey(grouping);
  if (q.brandIds === 'all')
    return sql`${ledgerRows(q)}, keyed AS (SELECT key, key AS tiebreak, ${FIGURE_SUMS} FROM (${byType([sql`${key} AS key`], sql`rows`)}) t GROUP BY key)`;
  // A manager's SKUs' rows, and their shares of each lump row on that row's day.
  return sql`${ledgerRows(q)}, ${soldAndLump(q)}, ${SPLIT_CTES}, ${rowShares(q, inBrands(q, sql`sh.nm_id`))},
    attributed AS (
      SELECT date, type, amount, quantity, goods, costed FROM rows WHERE nm_id IS NOT NULL AND ${inBrands(q, sql`nm_id`)}
      UNION ALL SELECT date, type, -kop / 100, 0, NULL, 0 FROM row_shares
    ), keyed AS (SELECT ${key} AS key, ${key} AS tiebreak, ${FIGURE_SUMS} FROM attributed GROUP BY 1)`;
}

/**
 * The P&L in one statement: its rows (a page of them), the account's rows without a SKU under nm and brand grouping,
 * and the totals, the totals' tax computed on the totals' own base.
 */
@Injectable()
export class PnlRepository {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly weeks: PnlWeeksRepository,
  ) {}

  async report(q: PnlQuery, grouping: PnlGrouping, page: PageRequest): Promise<PnlReportRows> {
    const bySku = grouping === 'nm' || grouping === 'brand';
    if (bySku) await this.weeks.refresh(q.accountId);
    const withUnallocated = bySku && q.brandIds === 'all';
    const order = bySku ? sql`"revenue" DESC, length(tiebreak), tiebreak` : sql`key`;
    const unallocated = withUnallocated ? sql`, unallocated AS (${derived(UNALLOCATED_BASE, q)})` : sql``;
    const everything = withUnallocated
      ? sql`SELECT ${figuresOf('k')} FROM keyed k UNION ALL SELECT ${figuresOf('u')} FROM unallocated u`
      : sql`SELECT ${figuresOf('k')} FROM keyed k`;
    const rows = await analytical<Part>(
      this.db,
      sql`
      WITH ${keyedCtes(q, grouping)},
      items AS (${derived(sql`SELECT * FROM keyed`, q)})${unallocated},
      totals AS (${derived(sql`SELECT ${SUM_OF_FIGURES} FROM (${everything}) e`, q)})
      (SELECT 'item' AS kind, key, ${OUTPUT}, NULL::int AS total, NULL::numeric AS "taxDifference" FROM items
        ORDER BY ${order} LIMIT ${page.limit} OFFSET ${pageOffset(page)})
      ${withUnallocated ? sql`UNION ALL SELECT 'unallocated', NULL, ${OUTPUT}, NULL, NULL FROM unallocated` : sql``}
      UNION ALL SELECT 'totals', NULL, ${OUTPUT}, (SELECT count(*)::int FROM items),
        tax - (SELECT coalesce(sum(tax), 0) FROM items) ${withUnallocated ? sql`- (SELECT tax FROM unallocated)` : sql``} FROM totals`,
    );
    const part = (kind: Part['kind']) => rows.filter((row) => row.kind === kind);
    const [totals] = part('totals');
    return {
      items: part('item').map((row) => ({ ...row, key: row.key! })),
      unallocated: part('unallocated')[0] ?? null,
      totals,
      total: totals.total!,
      taxDifference: totals.taxDifference!,
    };
  }
}
