import { Inject, Injectable } from '@nestjs/common';
import { and, count, desc, eq, getTableColumns } from 'drizzle-orm';

import { DATABASE, Database } from '../../../database/database.tokens';
import { inventoryPlans } from '../../../database/schema';

export type InventoryPlanRow = typeof inventoryPlans.$inferSelect;
const { lines: _lines, ...summaryColumns } = getTableColumns(inventoryPlans);
export type InventoryPlanSummaryRow = Omit<InventoryPlanRow, 'lines'>;

@Injectable()
export class InventoryPlansRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async insert(plan: typeof inventoryPlans.$inferInsert): Promise<InventoryPlanRow> {
    const [row] = await this.db.insert(inventoryPlans).values(plan).returning();
    return row;
  }

  /** The account's plans, newest first, without their lines. */
  async page(accountId: string, limit: number, offset: number): Promise<{ rows: InventoryPlanSummaryRow[]; total: number }> {
    const rows = await this.db
      .select(summaryColumns)
      .from(inventoryPlans)
      .where(eq(inventoryPlans.mpAccountId, accountId))
      .orderBy(desc(inventoryPlans.createdAt), desc(inventoryPlans.id))
      .limit(limit)
      .offset(offset);
    const [{ total }] = await this.db.select({ total: count() }).from(inventoryPlans).where(eq(inventoryPlans.mpAccountId, accountId));
    return { rows, total };
  }

  async find(accountId: string, id: string): Promise<InventoryPlanRow | undefined> {
    const [row] = await this.db
      .select()
      .from(inventoryPlans)
      .where(and(eq(inventoryPlans.mpAccountId, accountId), eq(inventoryPlans.id, id)));
    return row;
  }
}
