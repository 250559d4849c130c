import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';

import { DATABASE, Database } from '../../../database/database.tokens';
import { accountingSettings, TaxRegime } from '../../../database/schema';

export interface AccountingSettingsValues {
  taxRegime: TaxRegime;
  /** numeric(5,2) text, parsed by the caller. */
  taxRatePct: string;
  updatedAt: Date;
}

@Injectable()
export class AccountingSettingsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async find(accountId: string): Promise<AccountingSettingsValues | undefined> {
    const [row] = await this.db
      .select({
        taxRegime: accountingSettings.taxRegime,
        taxRatePct: accountingSettings.taxRatePct,
        updatedAt: accountingSettings.updatedAt,
      })
      .from(accountingSettings)
      .where(eq(accountingSettings.mpAccountId, accountId));
    return row;
  }

  async save(accountId: string, taxRegime: TaxRegime, taxRatePct: number): Promise<AccountingSettingsValues> {
    const values = { taxRegime, taxRatePct: String(taxRatePct), updatedAt: new Date() };
    const [row] = await this.db
      .insert(accountingSettings)
      .values({ mpAccountId: accountId, ...values })
      .onConflictDoUpdate({ target: accountingSettings.mpAccountId, set: values })
      .returning({
        taxRegime: accountingSettings.taxRegime,
        taxRatePct: accountingSettings.taxRatePct,
        updatedAt: accountingSettings.updatedAt,
      });
    return row;
  }
}
