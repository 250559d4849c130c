import { Inject, Injectable } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';

import { DATABASE, Database } from '../../../database/database.tokens';
import { inventoryPlans } from '../../../database/schema';

export const PLAN_NOT_FOUND = 'План поставки не найден';

/** The account's plans as other modules see them: a booking task started from a plan names one of its account. */
@Injectable()
export class InventoryPlansReader {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async exists(mpAccountId: string, id: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: inventoryPlans.id })
      .from(inventoryPlans)
      .where(and(eq(inventoryPlans.mpAccountId, mpAccountId), eq(inventoryPlans.id, id)));
    return row !== undefined;
  }
}
