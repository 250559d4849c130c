import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';

import { AccountsReader } from '../../../accounts/accounts.reader';
import { DAY_MS } from '../../../common/time/calendar-days';
import { MOSCOW_TZ } from '../../../common/time/moscow-time';
import { AccountFanOut, isAccountJobPayload } from '../../../queue/account-fan-out';
import { defineJob, LONG_SYNC_RETRIES } from '../../../queue/job-definition';
import { JobHandler } from '../../../queue/job-handler.decorator';
import { AccountSyncOutcome, AccountSyncRunner } from '../../../sync-state/account-sync-runner';
import { AccountSyncStates, SyncKind, SyncResume } from '../../../sync-state/account-sync-states';
import { BookingSuppliesRepository } from './booking-supplies.repository';
import { BookingSuppliesSyncCounts, BookingSuppliesSyncPayload, BookingSuppliesSyncWalker } from './booking-supplies-sync-walker';
import { IN_FLIGHT_DAYS, SupplyShortfallNotices } from './supply-shortfall-notices';

const QUEUED_MESSAGE = 'Синхронизация поставок в очереди';
const FAILED_MESSAGE = 'Не удалось получить поставки с маркетплейса';

export const BOOKING_SUPPLIES_SYNC_JOB = defineJob<BookingSuppliesSyncPayload>({
  name: 'booking.supplies.sync',
  queue: 'booking-supplies-sync',
  ...LONG_SYNC_RETRIES,
  failedMessage: FAILED_MESSAGE,
  validate: isAccountJobPayload,
});

/**
 * Every 10 minutes (Moscow time, at :07, :17, …: README, Schedules of an account) a sync of each active account that
 * has a supply on its way or never synced its supplies.
 */
export const BOOKING_SUPPLIES_SYNC_SCHEDULE = defineJob<Record<string, never>>({
  name: 'booking.supplies.schedule',
  queue: BOOKING_SUPPLIES_SYNC_JOB.queue,
  schedule: { pattern: '7-59/10 * * * *', tz: MOSCOW_TZ },
});

/** The supplies' per-account sync state; its resume point is when the last complete sync began. */
export const BOOKING_SUPPLIES_SYNC: SyncKind = {
  kind: 'booking-supplies',
  jobs: [BOOKING_SUPPLIES_SYNC_JOB],
  queuedMessage: QUEUED_MESSAGE,
  runningMessage: 'Синхронизация поставок идёт',
  startedMessage: 'Синхронизация поставок начата',
  failedMessage: FAILED_MESSAGE,
};

interface BookingSuppliesResume {
  /** When the last complete sync began (ISO). */
  startedAt: string;
}

export interface BookingSuppliesSyncResult extends BookingSuppliesSyncCounts {
  shortfalls: number;
  message: string;
}

@Injectable()
export class BookingSuppliesJobs {
  constructor(
    private readonly runner: AccountSyncRunner,
    private readonly walker: BookingSuppliesSyncWalker,
    private readonly notices: SupplyShortfallNotices,
    private readonly repository: BookingSuppliesRepository,
    private readonly states: AccountSyncStates,
    private readonly accounts: AccountsReader,
    private readonly fanOut: AccountFanOut,
  ) {}

  /** The list since the previous sync, then the details and goods of new or changed supplies, then shortfalls told. */
  @JobHandler(BOOKING_SUPPLIES_SYNC_JOB)
  sync(_payload: BookingSuppliesSyncPayload, job: Job<BookingSuppliesSyncPayload>): Promise<AccountSyncOutcome<BookingSuppliesSyncResult>> {
    return this.runner.run(job, BOOKING_SUPPLIES_SYNC, async (_job, resume: SyncResume<BookingSuppliesResume>) => {
      const { startedAt, counts } = await this.walker.walk(job, async () => (await resume.load())?.startedAt ?? null);
      const shortfalls = await this.notices.tell(job.data.mpAccountId);
      await resume.save({ startedAt });
      const message = `Синхронизация поставок завершена: в списке ${counts.listed}, подробностей получено ${counts.details}`;
      return { result: { ...counts, shortfalls, message }, parts: ['supplies'], counters: { ...counts, shortfalls } };
    });
  }

  /** Accounts with a supply on its way (IN_FLIGHT_DAYS), and those that never synced their supplies. */
  @JobHandler(BOOKING_SUPPLIES_SYNC_SCHEDULE)
  async schedule(): Promise<{ accounts: number }> {
    const inFlight = new Set(await this.repository.accountsInFlight(new Date(Date.now() - IN_FLIGHT_DAYS * DAY_MS)));
    const among: string[] = [];
    for (const accountId of await this.accounts.activeIds()) {
      if (inFlight.has(accountId) || !(await this.states.lastSyncedAt(BOOKING_SUPPLIES_SYNC, accountId)).supplies) among.push(accountId);
    }
    return this.fanOut.fanOutPerAccount(BOOKING_SUPPLIES_SYNC_JOB, among);
  }
}
