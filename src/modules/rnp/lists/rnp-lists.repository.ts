import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, SQL, sql } from 'drizzle-orm';

import type { DataScope } from '../../../common/auth/data-scope';
import type { Page } from '../../../common/http/pagination.dto';
import { DATABASE, Database } from '../../../database/database.tokens';
import { PageRequest, queryPage } from '../../../database/query-page';
import { products, rnpListItems, rnpProductLists } from '../../../database/schema';

export type RnpListRow = typeof rnpProductLists.$inferSelect & { itemsCount: number };
export type RnpItemRow = typeof rnpListItems.$inferSelect;
/** An item's fields as stored; targetDrrPct as the request's number, written as numeric text. */
export type RnpItemValues = Omit<typeof rnpListItems.$inferInsert, 'id' | 'listId' | 'createdAt' | 'updatedAt' | 'targetDrrPct'> & {
  targetDrrPct?: number | null;
};

/**
 * The items a scope sees: every item, or for a manager limited to brands those whose card is of one of the brands.
 * Spelled out: a column inside a select field would be written without its table, and so read as the item's own id.
 */
function visibleItems(brandIds: DataScope['brandIds'], item: SQL, account: SQL): SQL {
  if (brandIds === 'all') return sql`true`;
  return sql`${item}.nm_id IN (SELECT ${products.nmId} FROM ${products} WHERE ${products.mpAccountId} = ${account}
    AND ${products.brandId} = ANY(${`{${brandIds.join(',')}}`}::uuid[]))`;
}

/** A list's columns, its items counted as the scope sees them. */
const listColumns = (brandIds: DataScope['brandIds'] = 'all') => ({
  id: rnpProductLists.id,
  mpAccountId: rnpProductLists.mpAccountId,
  name: rnpProductLists.name,
  createdBy: rnpProductLists.createdBy,
  createdAt: rnpProductLists.createdAt,
  updatedAt: rnpProductLists.updatedAt,
  itemsCount: sql<number>`(SELECT count(*)::int FROM ${rnpListItems} i WHERE i.list_id = rnp_product_lists.id
    AND ${visibleItems(brandIds, sql`i`, sql`rnp_product_lists.mp_account_id`)})`,
});

const drr = (value: number | null | undefined) => (value === undefined ? undefined : value === null ? null : String(value));

/** Pulse lists (rnp_product_lists) and their SKUs with plans (rnp_list_items). */
@Injectable()
export class RnpListsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async accountOf(id: string): Promise<string | undefined> {
    const [row] = await this.db.select({ accountId: rnpProductLists.mpAccountId }).from(rnpProductLists).where(eq(rnpProductLists.id, id));
    return row?.accountId;
  }

  /** The account's lists, newest first. */
  page(scope: DataScope, page: PageRequest): Promise<Page<RnpListRow>> {
    const where = eq(rnpProductLists.mpAccountId, scope.accountId);
    return queryPage(
      page,
      (limit, offset) =>
        this.db
          .select(listColumns(scope.brandIds))
          .from(rnpProductLists)
          .where(where)
          .orderBy(desc(rnpProductLists.createdAt), desc(rnpProductLists.id))
          .limit(limit)
          .offset(offset),
      () =>
        this.db
          .select({ total: sql<number>`count(*)::int` })
          .from(rnpProductLists)
          .where(where),
    );
  }

  async find(id: string, brandIds: DataScope['brandIds'] = 'all'): Promise<RnpListRow | undefined> {
    const [row] = await this.db.select(listColumns(brandIds)).from(rnpProductLists).where(eq(rnpProductLists.id, id));
    return row;
  }

  async insert(accountId: string, name: string, userId: string): Promise<string> {
    const [row] = await this.db
      .insert(rnpProductLists)
      .values({ mpAccountId: accountId, name, createdBy: userId })
      .returning({ id: rnpProductLists.id });
    return row.id;
  }

  async rename(id: string, name: string): Promise<void> {
    await this.db.update(rnpProductLists).set({ name, updatedAt: new Date() }).where(eq(rnpProductLists.id, id));
  }

  /** The list and its items. */
  async delete(id: string): Promise<void> {
    await this.db.delete(rnpProductLists).where(eq(rnpProductLists.id, id));
  }

  /** Items added in one statement; a SKU already in the list takes the new fields. */
  async upsertItems(listId: string, items: (RnpItemValues & { nmId: number })[]): Promise<number> {
    if (items.length === 0) return 0;
    const rows = items.map((item) => ({ ...item, listId, targetDrrPct: drr(item.targetDrrPct) ?? null }));
    const saved = await this.db
      .insert(rnpListItems)
      .values(rows)
      .onConflictDoUpdate({
        target: [rnpListItems.listId, rnpListItems.nmId],
        set: {
          status: sql`excluded.status`,
          planOrdersPerDay: sql`excluded.plan_orders_per_day`,
          planPrice: sql`excluded.plan_price`,
          targetDrrPct: sql`excluded.target_drr_pct`,
          manager: sql`excluded.manager`,
          comment: sql`excluded.comment`,
          dateFrom: sql`excluded.date_from`,
          dateTo: sql`excluded.date_to`,
          updatedAt: sql`now()`,
        },
      })
      .returning({ id: rnpListItems.id });
    await this.db.update(rnpProductLists).set({ updatedAt: new Date() }).where(eq(rnpProductLists.id, listId));
    return saved.length;
  }

  /** A list's items the scope's brands see, by nmId. */
  itemsPage(listId: string, brandIds: DataScope['brandIds'], page: PageRequest): Promise<Page<RnpItemRow>> {
    const account = sql`(SELECT ${rnpProductLists.mpAccountId} FROM ${rnpProductLists} WHERE ${rnpProductLists.id} = ${listId})`;
    const where = and(eq(rnpListItems.listId, listId), visibleItems(brandIds, sql`${rnpListItems}`, account));
    return queryPage(
      page,
      (limit, offset) => this.db.select().from(rnpListItems).where(where).orderBy(rnpListItems.nmId).limit(limit).offset(offset),
      () =>
        this.db
          .select({ total: sql<number>`count(*)::int` })
          .from(rnpListItems)
          .where(where),
    );
  }

  async findItem(listId: string, itemId: string): Promise<RnpItemRow | undefined> {
    const [row] = await this.db
      .select()
      .from(rnpListItems)
      .where(and(eq(rnpListItems.listId, listId), eq(rnpListItems.id, itemId)));
    return row;
  }

  async updateItem(listId: string, itemId: string, values: Partial<RnpItemValues>): Promise<RnpItemRow | undefined> {
    const { targetDrrPct, ...rest } = values;
    const [row] = await this.db
      .update(rnpListItems)
      .set({ ...rest, ...(targetDrrPct !== undefined && { targetDrrPct: drr(targetDrrPct) }), updatedAt: new Date() })
      .where(and(eq(rnpListItems.listId, listId), eq(rnpListItems.id, itemId)))
      .returning();
    return row;
  }

  async deleteItem(listId: string, itemId: string): Promise<boolean> {
    const rows = await this.db
      .delete(rnpListItems)
      .where(and(eq(rnpListItems.listId, listId), eq(rnpListItems.id, itemId)))
      .returning({ id: rnpListItems.id });
    return rows.length > 0;
  }
}
