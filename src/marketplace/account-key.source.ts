import { Injectable } from '@nestjs/common';

import { AccountsReader } from '../accounts/accounts.reader';
import { KeyRing } from '../common/crypto/key-ring';
import { AppError } from '../common/errors/app-error';

/**
 * The marketplace key of an account, opened just before a marketplace request (spec: Authentication 8).
 * The plaintext is returned to the caller and kept nowhere else: no cache, no log.
 */
@Injectable()
export class AccountKeySource {
  constructor(
    private readonly accounts: AccountsReader,
    private readonly keyRing: KeyRing,
  ) {}

  async plaintextKey(accountId: string): Promise<string> {
    const sealed = await this.accounts.sealedKey(accountId);
    if (!sealed) throw AppError.notFound('Кабинет не найден');
    return this.keyRing.open(sealed, accountId);
  }
}
