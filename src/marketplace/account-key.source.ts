import { Inject, Injectable } from '@nestjs/common';
import { and, eq, isNull } from 'drizzle-orm';

import { KeyRing } from '../common/crypto/key-ring';
import { AppError } from '../common/errors/app-error';
import { DATABASE, Database } from '../database/database.tokens';
import { mpAccounts } from '../database/schema';

/**
 * The marketplace key of an account, opened just before a marketplace request (spec: Authentication 8).
 * The plaintext is returned to the caller and kept nowhere else: no cache, no log.
 */
@Injectable()
export class AccountKeySource {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly keyRing: KeyRing,
  ) {}

  async plaintextKey(accountId: string): Promise<string> {
    const [sealed] = await this.db
      .select({ keyId: mpAccounts.keyId, nonce: mpAccounts.keyNonce, ciphertext: mpAccounts.keyCiphertext, tag: mpAccounts.keyTag })
      .from(mpAccounts)
      .where(and(eq(mpAccounts.id, accountId), isNull(mpAccounts.deletedAt)));
    if (!sealed) throw AppError.notFound('Кабинет не найден');
    return this.keyRing.open(sealed, accountId);
  }
}
