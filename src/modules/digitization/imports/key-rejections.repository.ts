import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, ne } from 'drizzle-orm';

import { DATABASE, Database } from '../../../database/database.tokens';
import { importKeyRejections, ImportPart } from '../../../database/schema';

/** The rejected keys of the accounts' imports their owners were told of, one per account and part. */
@Injectable()
export class KeyRejectionsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Keeps that the owner was told of this key's rejection in this part; answers whether it is news: no rejection of the
   * part was kept, or one of another key. One statement, so that two runs meeting the rejection at once agree.
   */
  async remember(accountId: string, part: ImportPart, keySeal: string): Promise<boolean> {
    const rows = await this.db
      .insert(importKeyRejections)
      .values({ mpAccountId: accountId, part, keySeal })
      .onConflictDoUpdate({
        target: [importKeyRejections.mpAccountId, importKeyRejections.part],
        set: { keySeal, notifiedAt: new Date() },
        setWhere: ne(importKeyRejections.keySeal, keySeal),
      })
      .returning({ part: importKeyRejections.part });
    return rows.length > 0;
  }

  /** These parts imported: a rejection met again is news. */
  async forget(accountId: string, parts: ImportPart[]): Promise<void> {
    if (parts.length === 0) return;
    await this.db
      .delete(importKeyRejections)
      .where(and(eq(importKeyRejections.mpAccountId, accountId), inArray(importKeyRejections.part, parts)));
  }
}
