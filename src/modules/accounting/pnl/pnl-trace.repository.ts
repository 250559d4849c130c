import { Inject, Injectable } from '@nestjs/common';
import { SQL, sql } from 'drizzle-orm';

import { pageOffset } from '../../../common/http/pagination';
import { DATABASE, Database } from '../../../database/database.tokens';
import type { PageRequest } from '../../../database/query-page';
import type { LedgerSource, LedgerType } from '../../../database/schema/accounting';
import { analytical, brandOf, inBrands, ledgerRows, list, PnlQuery, rowShares, soldAndLump, SPLIT_CTES } from './pnl.sql';
import { INCOME_FIGURES, PnlKeyFilter, PnlLedgerFigure, SPLIT_TYPES, typesOf } from './pnl-lines';

/** A ledger row of a traced figure as PostgreSQL answers it (money as numeric text, ids beyond 2^53 as text). */
export type TracedRow = {
  id: string;
  date: string;
  type: LedgerType;
  source: LedgerSource;
  reportId: string | null;
  srid: string | null;
  nmId: string | null;
  amount: string;
  quantity: number;
  contribution: string;
  costPrice: string | null;
  costValidFrom: string | null;
  split: boolean;
};

export interface TracePage {
  rows: TracedRow[];
  total: number;
  /** Σ of every row's contribution (all pages): the figure. */
  figure: string;
}

/** The condition on a nm_id column of the SKUs a key names, within the scope. */
function keySkus(q: PnlQuery, filter: PnlKeyFilter, column: SQL): SQL {
  const scoped = inBrands(q, column);
  if ('nmId' in filter) return sql`${column} = ${filter.nmId} AND ${scoped}`;
  if ('brand' in filter) return sql`${column} IS NOT NULL AND ${brandOf(q.accountId, column)} = ${filter.brand} AND ${scoped}`;
  return q.brandIds === 'all' ? sql`true` : sql`${column} IS NOT NULL AND ${scoped}`;
}

/** What a row adds to the figure: its amount with the figure's sign, or for cogs a sale's or return's units × cost price. */
function contribution(field: PnlLedgerFigure): SQL {
  const signed = INCOME_FIGURES.includes(field) ? sql`amount` : sql`-amount`;
  if (field !== 'cogs') return signed;
  return sql`CASE WHEN type IN ('sale', 'return') THEN coalesce(quantity * cost_price, 0) ELSE ${signed} END`;
}

const COLUMNS = sql`id, to_char(date, 'YYYY-MM-DD') AS date, type, source, report_id AS "reportId", srid, nm_id::text AS "nmId",
  amount, quantity`;

/** The ledger rows that make one figure of one P&L row, with what each adds to it. */
@Injectable()
export class PnlTraceRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async trace(q: PnlQuery, filter: PnlKeyFilter, field: PnlLedgerFigure, page: PageRequest): Promise<TracePage> {
    const types = field === 'cogs' ? ['sale', 'return', ...typesOf(field)] : typesOf(field);
    const days = 'days' in filter ? sql`date >= ${filter.days.from}::date AND date <= ${filter.days.to}::date` : sql`true`;
    const own = sql`SELECT ${COLUMNS}, ${contribution(field)} AS contribution, cost_price AS "costPrice",
        to_char(cost_valid_from, 'YYYY-MM-DD') AS "costValidFrom", false AS split
      FROM rows r WHERE type IN (${list(types)}) AND ${days} AND ${keySkus(q, filter, sql`r.nm_id`)}`;
    // Lump rows reach a SKU's figure through its shares: under nm and brand grouping, and for a manager limited to brands.
    const shared = (SPLIT_TYPES as readonly string[]).includes(field) && (!('days' in filter) || q.brandIds !== 'all');
    const ctes = shared ? sql`, ${soldAndLump(q)}, ${SPLIT_CTES}, ${rowShares(q, keySkus(q, filter, sql`sh.nm_id`))}` : sql``;
    const shares = shared
      ? sql`UNION ALL SELECT ${COLUMNS}, s.kop / 100, NULL, NULL, true FROM ledger_transactions
          JOIN (SELECT id, sum(kop) AS kop FROM row_shares GROUP BY id) s USING (id)
          WHERE type IN (${list(types)}) AND ${days}`
      : sql``;
    const rows = await analytical<Partial<TracedRow> & { total: number; figure: string }>(
      this.db,
      sql`
      WITH ${ledgerRows(q)}${ctes},
      traced AS (${own} ${shares}),
      page AS (SELECT * FROM traced ORDER BY date, id LIMIT ${page.limit} OFFSET ${pageOffset(page)})
      SELECT a.total, a.figure, p.* FROM (SELECT count(*)::int AS total, coalesce(sum(contribution), 0) AS figure FROM traced) a
      LEFT JOIN page p ON true ORDER BY p.date, p.id`,
    );
    const [first] = rows;
    return { rows: rows.filter((row) => row.id != null) as TracedRow[], total: first.total, figure: first.figure };
  }
}
