import { randomUUID } from 'node:crypto';

import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';

import { AppError } from '../../../common/errors/app-error';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import { SKIPPED_ACCOUNT_BUSY } from '../../../queue/account-jobs';
import { AccountLeases, LeaseTrigger } from '../../../queue/account-lease';
import { REDIS, redisKey } from '../../../queue/redis.module';

/** How long a user's run waits for the account's running run before it is refused. */
export const RUN_WAIT_MS = 60_000;

/**
 * One repricer run per account at a time, shared by every process: manual and API runs wait their turn (up to
 * RUN_WAIT_MS, then 409), a scheduled run gives way and is skipped. A lease of its own, so that a catalog sync
 * holding the account's marketplace lease does not hold up a run.
 */
@Injectable()
export class RepricerRunLock {
  private readonly leases: AccountLeases;

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    this.leases = new AccountLeases(redis, redisKey(config, 'repricer'));
  }

  /** Runs `work` under the account's run lease; a scheduled run that found the account busy ends skipped. */
  async withLock<T>(mpAccountId: string, trigger: LeaseTrigger, work: () => Promise<T>): Promise<T | typeof SKIPPED_ACCOUNT_BUSY> {
    const lease = await this.leases.acquire(mpAccountId, randomUUID(), trigger, trigger === 'user' ? RUN_WAIT_MS : 0);
    if (!lease) {
      if (trigger === 'scheduled') return SKIPPED_ACCOUNT_BUSY;
      throw new AppError('CONFLICT', 'По этому кабинету уже идёт запуск репрайсера, повторите позже');
    }
    try {
      return await work();
    } finally {
      await lease.release();
    }
  }
}
