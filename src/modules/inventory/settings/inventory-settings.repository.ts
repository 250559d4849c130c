import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';

import { DATABASE, Database } from '../../../database/database.tokens';
import { inventorySettings } from '../../../database/schema';

/** An account's inventory settings as numbers. */
export interface InventorySettingsValues {
  urgentDays: number;
  soonDays: number;
  targetDays: number;
  leadTimeDays: number;
  safetyFactor: number;
}

/** The settings of an account that has not changed them. */
export const DEFAULT_INVENTORY_SETTINGS: InventorySettingsValues = {
  urgentDays: 3,
  soonDays: 7,
  targetDays: 30,
  leadTimeDays: 7,
  safetyFactor: 1.2,
};

@Injectable()
export class InventorySettingsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async find(accountId: string): Promise<(InventorySettingsValues & { updatedAt: Date }) | undefined> {
    const [row] = await this.db.select().from(inventorySettings).where(eq(inventorySettings.mpAccountId, accountId));
    return row && { ...row, safetyFactor: Number(row.safetyFactor) };
  }

  async save(accountId: string, values: InventorySettingsValues): Promise<Date> {
    const row = { ...values, safetyFactor: values.safetyFactor.toFixed(2), updatedAt: new Date() };
    await this.db
      .insert(inventorySettings)
      .values({ mpAccountId: accountId, ...row })
      .onConflictDoUpdate({ target: inventorySettings.mpAccountId, set: row });
    return row.updatedAt;
  }
}
