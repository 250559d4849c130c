import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import type Redis from 'ioredis';

import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { REDIS, redisKey } from '../redis/redis.module';
import { AccountLeases, HeldLease, LeaseTrigger } from './account-lease';
import { JobDiscoveryService } from './job-discovery.service';
import { JobProgress, reportProgress } from './job-progress';
import { QueueService } from './queue.service';

/**
 * A job found its account's lease taken: it waits (delayed) and tries again at resumeAtMs; `retry` counts the tries of
 * a scheduled job that has a bound of them.
 */
export class AccountBusy extends Error {
  constructor(
    readonly resumeAtMs: number,
    readonly retry?: { made: number; max: number },
  ) {
    super('Another marketplace job of this account is running');
    this.name = 'AccountBusy';
  }
}

/** How long a user job waits before it asks for a busy account's lease again. */
export const ACCOUNT_BUSY_RETRY_MS = 5000;

/**
 * How long a job that gave its lease up for a long token wait waits, on resume, for another job of the account to end
 * (an inbox or catalog sync of a large account takes minutes), instead of giving way at once.
 */
export const RESUMED_LEASE_WAIT_MS = 5 * 60_000;

/** What a scheduled job ends with when its account is busy; the next tick tries again. */
export const SKIPPED_ACCOUNT_BUSY = { skipped: 'account-busy' } as const;

/** Where a scheduled job with busy retries counts the ones it made (job data, so that they survive the delay). */
interface BusyRetriesMade {
  busyRetriesMade?: number;
}

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

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly discovery: JobDiscoveryService,
    private readonly queues: QueueService,
  ) {
    this.leases = new AccountLeases(redis, redisKey(config, 'account'));
  }

  async withLease<T>(job: Job, accountId: string, work: (lease: HeldLease) => Promise<T>): Promise<T | typeof SKIPPED_ACCOUNT_BUSY> {
    const lease = await this.acquire(job, accountId);
    if (!lease) {
      if (triggerOf(job) === 'scheduled' && !(await this.takenOver(job))) return this.giveWay(job);
      throw new AccountBusy(Date.now() + ACCOUNT_BUSY_RETRY_MS);
    }
    try {
      return await work(lease);
    } finally {
      await lease.release();
    }
  }

  /**
   * Whether a user's sync made this scheduled job theirs after the worker took it (QueueService.startOnce's takeOver
   * reads the job waiting and changes its data a moment later): then it waits for the account as the user's job does.
   */
  private async takenOver(job: Job): Promise<boolean> {
    const stored = await this.queues.queue(job.queueName).getJob(job.id!);
    return stored !== undefined && triggerOf(stored) === 'user';
  }

  /**
   * A scheduled job gives way: a job whose definition has busy retries tries again later while some are left (the
   * delay says which try it is), then, as any other, ends skipped until the next tick.
   */
  private async giveWay(job: Job): Promise<typeof SKIPPED_ACCOUNT_BUSY> {
    const retries = this.discovery.get(job.name)?.definition.busyRetries;
    if (!retries) return SKIPPED_ACCOUNT_BUSY;
    const made = (job.data as BusyRetriesMade).busyRetriesMade ?? 0;
    if (made < retries.tries) {
      await job.updateData({ ...job.data, busyRetriesMade: made + 1 });
      throw new AccountBusy(Date.now() + retries.delayMs, { made: made + 1, max: retries.tries });
    }
    await reportProgress(job, {
      phase: 'completed',
      message: `Пропущено: кабинет был занят другой задачей все ${retries.tries} попыток, следующая — по расписанию`,
    });
    return SKIPPED_ACCOUNT_BUSY;
  }

  /**
   * A job resumed after a long token wait had the lease already: it keeps its place ahead of jobs not started (it
   * asks as a user job does) and waits up to RESUMED_LEASE_WAIT_MS for the job that took the lease meanwhile.
   */
  private async acquire(job: Job, accountId: string): Promise<HeldLease | null> {
    const holder = `${job.queueName}:${job.id}`;
    if (!resumedAfterTokenWait(job)) return this.leases.acquire(accountId, holder, triggerOf(job));
    const lease = await this.leases.acquire(accountId, holder, 'user');
    if (lease) return lease;
    await reportProgress(job, { phase: 'waiting-account', message: 'Ждём окончания другой задачи этого кабинета' });
    return this.leases.acquire(accountId, holder, 'user', RESUMED_LEASE_WAIT_MS);
  }
}

/** A scheduled job that found its account busy and waits for its next try: it has not started its work. */
export async function waitsForAccount(job: Job): Promise<boolean> {
  return (job.progress as Partial<JobProgress> | undefined)?.phase === 'waiting-account' && (await job.isDelayed());
}

/** The phase a long token wait left (job-outcome's delay): the job ran under its lease and gave it up only to wait. */
function resumedAfterTokenWait(job: Job): boolean {
  return (job.progress as Partial<JobProgress> | undefined)?.phase === 'rate-limited';
}
