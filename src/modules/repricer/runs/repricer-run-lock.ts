import { randomUUID } from 'node:crypto';

import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';

import { AppError } from '../../../common/errors/app-error';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import { AccountLeases, LeaseTrigger } from '../../../queue/account-lease';
import { REDIS, redisKey } from '../../../queue/redis.module';

/** How long a user's run waits for the account's running run before it is refused. */
export const RUN_WAIT_MS = 60_000;
const POLL_MS = 100;

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

  /** Runs `work` under the account's run lease; undefined when a scheduled run found the account busy. */
  async withLock<T>(mpAccountId: string, trigger: LeaseTrigger, work: () => Promise<T>): Promise<T | undefined> {
    const holder = randomUUID();
    const deadline = Date.now() + RUN_WAIT_MS;
    let lease = await this.leases.acquire(mpAccountId, holder, trigger);
    while (!lease) {
      if (trigger === 'scheduled') return undefined;
      if (Date.now() >= deadline) throw new AppError('CONFLICT', 'По этому кабинету уже идёт запуск репрайсера, повторите позже');
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      lease = await this.leases.acquire(mpAccountId, holder, trigger);
    }
    try {
      return await work();
    } finally {
      await lease.release();
    }
  }
}
