import { randomUUID } from 'node:crypto';

import type Redis from 'ioredis';

import { AppError } from '../common/errors/app-error';
import type { AppConfig } from '../config/app-config';
import { redisKey } from '../redis/redis.module';
import { SKIPPED_ACCOUNT_BUSY } from './account-jobs';
import { AccountLeases, LeaseTrigger } from './account-lease';

/** How long a user's run waits for the account's running run before it is refused. */
export const RUN_WAIT_MS = 60_000;

/**
 * One run of an engine per account at a time, shared by every process: a user's run waits its turn (up to
 * RUN_WAIT_MS, then 409), a scheduled run gives way and is skipped. A lease of the engine's own, so that a sync
 * holding the account's marketplace lease does not hold up a run.
 */
export class AccountRunLock {
  private readonly leases: AccountLeases;

  constructor(
    redis: Redis,
    config: AppConfig,
    engine: string,
    private readonly busyMessage: string,
  ) {
    this.leases = new AccountLeases(redis, redisKey(config, engine));
  }

  /** Runs `work` under the account's run lease; a scheduled run that found the account busy ends skipped. */
  async withLock<T>(mpAccountId: string, trigger: LeaseTrigger, work: () => Promise<T>): Promise<T | typeof SKIPPED_ACCOUNT_BUSY> {
    const lease = await this.leases.acquire(mpAccountId, randomUUID(), trigger, trigger === 'user' ? RUN_WAIT_MS : 0);
    if (!lease) {
      if (trigger === 'scheduled') return SKIPPED_ACCOUNT_BUSY;
      throw new AppError('CONFLICT', this.busyMessage);
    }
    try {
      return await work();
    } finally {
      await lease.release();
    }
  }
}
