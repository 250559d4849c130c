import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import type Redis from 'ioredis';

import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { REDIS, redisKey } from '../redis/redis.module';
import { AccountLeases, HeldLease, LeaseTrigger } from './account-lease';

/** A user job found its account's lease taken: it waits (delayed) and tries again at resumeAtMs. */
export class AccountBusy extends Error {
  constructor(readonly resumeAtMs: number) {
    super('Another marketplace job of this account is running');
    this.name = 'AccountBusy';
  }
}

/** How long a user job waits before it asks for a busy account's lease again. */
export const ACCOUNT_BUSY_RETRY_MS = 5000;

/** What a scheduled job ends with when its account is busy; the next tick tries again. */
export const SKIPPED_ACCOUNT_BUSY = { skipped: 'account-busy' } as const;

/**
 * A scheduler's job carries the scheduler's key, and a job a scheduled run fans out per account carries
 * `trigger: 'scheduled'` in its data; anything else was started by a user.
 */
export function triggerOf(job: Job): LeaseTrigger {
  const data = job.data as { trigger?: unknown } | null | undefined;
  return job.repeatJobKey || data?.trigger === 'scheduled' ? 'scheduled' : 'user';
}

/**
 * Runs marketplace-heavy work of one account under its lease (spec: Job level): user jobs wait for it, scheduled
 * jobs give way and end skipped. The lease is released when the work ends, however it ends.
 */
@Injectable()
export class AccountJobs {
  readonly leases: AccountLeases;

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    this.leases = new AccountLeases(redis, redisKey(config, 'account'));
  }

  async withLease<T>(job: Job, accountId: string, work: (lease: HeldLease) => Promise<T>): Promise<T | typeof SKIPPED_ACCOUNT_BUSY> {
    const trigger = triggerOf(job);
    const lease = await this.leases.acquire(accountId, `${job.queueName}:${job.id}`, trigger);
    if (!lease) {
      if (trigger === 'scheduled') return SKIPPED_ACCOUNT_BUSY;
      throw new AccountBusy(Date.now() + ACCOUNT_BUSY_RETRY_MS);
    }
    try {
      return await work(lease);
    } finally {
      await lease.release();
    }
  }
}
