import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, gte, isNull, lte, SQL, sql } from 'drizzle-orm';

import type { DataScope } from '../../../common/auth/data-scope';
import type { Page } from '../../../common/http/pagination.dto';
import { DATABASE, Database } from '../../../database/database.tokens';
import { PageRequest, queryPage } from '../../../database/query-page';
import { LedgerSource, ledgerTransactions, LedgerType, products } from '../../../database/schema';

export type LedgerRow = typeof ledgerTransactions.$inferSelect;

export interface LedgerFilter extends DataScope {
  dateFrom?: string;
  dateTo?: string;
  type?: LedgerType;
  source?: LedgerSource;
  nmId?: number;
}

/** A manual transaction's fields as stored (amount as the request's number, written as numeric text). */
export interface LedgerValues {
  date: string;
  amount: number;
  type: LedgerType;
  nmId: number | null;
  comment: string;
}

const live = (id: string) => and(eq(ledgerTransactions.id, id), isNull(ledgerTransactions.deletedAt));

/** The ledger rows a scope sees: a manager limited to brands sees the rows of their cards only (none of the account's own). */
function inScope(scope: DataScope): SQL | undefined {
  if (scope.brandIds === 'all') return undefined;
  return sql`${ledgerTransactions.nmId} IN (SELECT ${products.nmId} FROM ${products}
    WHERE ${products.mpAccountId} = ${scope.accountId}::uuid AND ${products.brandId} = ANY(${`{${scope.brandIds.join(',')}}`}::uuid[]))`;
}

/** The ledger's rows (ledger_transactions); deleted manual ones are kept, and never read here again. */
@Injectable()
export class LedgerRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async accountOf(id: string): Promise<string | undefined> {
    const [row] = await this.db.select({ accountId: ledgerTransactions.mpAccountId }).from(ledgerTransactions).where(live(id));
    return row?.accountId;
  }

  /** Newest day first, then newest entered. */
  page(filter: LedgerFilter, page: PageRequest): Promise<Page<LedgerRow>> {
    const where = and(
      eq(ledgerTransactions.mpAccountId, filter.accountId),
      isNull(ledgerTransactions.deletedAt),
      filter.dateFrom ? gte(ledgerTransactions.date, filter.dateFrom) : undefined,
      filter.dateTo ? lte(ledgerTransactions.date, filter.dateTo) : undefined,
      filter.type ? eq(ledgerTransactions.type, filter.type) : undefined,
      filter.source ? eq(ledgerTransactions.source, filter.source) : undefined,
      filter.nmId !== undefined ? eq(ledgerTransactions.nmId, filter.nmId) : undefined,
      inScope(filter),
    );
    return queryPage(
      page,
      (limit, offset) =>
        this.db
          .select()
          .from(ledgerTransactions)
          .where(where)
          .orderBy(desc(ledgerTransactions.date), desc(ledgerTransactions.createdAt), desc(ledgerTransactions.id))
          .limit(limit)
          .offset(offset),
      () =>
        this.db
          .select({ total: sql<number>`count(*)::int` })
          .from(ledgerTransactions)
          .where(where),
    );
  }

  async find(id: string): Promise<LedgerRow | undefined> {
    const [row] = await this.db.select().from(ledgerTransactions).where(live(id));
    return row;
  }

  async insertManual(accountId: string, values: LedgerValues, userId: string): Promise<LedgerRow> {
    const [row] = await this.db
      .insert(ledgerTransactions)
      .values({ mpAccountId: accountId, ...values, amount: String(values.amount), source: 'manual', createdBy: userId })
      .returning();
    return row;
  }

  /** A manual row changed; undefined when it is gone or not manual (checked again in the statement). */
  async updateManual(id: string, values: Partial<LedgerValues>): Promise<LedgerRow | undefined> {
    const { amount, ...rest } = values;
    const [row] = await this.db
      .update(ledgerTransactions)
      .set({ ...rest, ...(amount !== undefined && { amount: String(amount) }), updatedAt: new Date() })
      .where(and(live(id), eq(ledgerTransactions.source, 'manual')))
      .returning();
    return row;
  }

  async deleteManual(id: string): Promise<boolean> {
    const rows = await this.db
      .update(ledgerTransactions)
      .set({ deletedAt: new Date() })
      .where(and(live(id), eq(ledgerTransactions.source, 'manual')))
      .returning({ id: ledgerTransactions.id });
    return rows.length > 0;
  }
}
