import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';

import { MOSCOW_TZ } from '../../../common/time/moscow-time';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import { AccountFanOut, AccountJobPayload, isAccountJobPayload } from '../../../queue/account-fan-out';
import { DAILY_SCHEDULE_BUSY_RETRIES, defineJob, LONG_SYNC_RETRIES } from '../../../queue/job-definition';
import { JobHandler } from '../../../queue/job-handler.decorator';
import { AccountSyncOutcome, AccountSyncRunner } from '../../../sync-state/account-sync-runner';
import type { SyncKind, SyncResume } from '../../../sync-state/account-sync-states';
import type { CardsCursor } from './catalog-sync.mapping';
import { FAILED_MESSAGE, finishedMessage, QUEUED_MESSAGE } from './catalog-sync-messages';
import { CardsContinuation, CatalogSyncWalker } from './catalog-sync-walker';

export const CATALOG_SYNC_QUEUE = 'catalog-sync';

/** Where a sync stands, kept in the job's data after every page: a worker that takes the job over goes on from here. */
export interface CatalogSyncCheckpoint {
  phase: 'cards' | 'prices';
  /** When the cards pass started: cards seen by it carry this time, so cards it did not see have gone. */
  passStartedAt: string;
  /** The cards page to ask for next starts after this card; null for the first page. */
  cursor: CardsCursor | null;
  cards: number;
  /** The cards pass stopped at CATALOG_SYNC_MAX_CARDS with more cards left. */
  capped: boolean;
  removed: number;
  /** The next goods page starts at this offset. */
  offset: number;
  prices: number;
}

export interface CatalogSyncPayload extends AccountJobPayload {
  checkpoint?: CatalogSyncCheckpoint;
}

/** What a sync job returns and the status shows. */
export interface CatalogSyncResult {
  cards: number;
  prices: number;
  removed: number;
  capped: boolean;
  message: string;
}

export type CatalogPasses = { cards: boolean; prices: boolean };

const SYNC_RETRIES = { ...LONG_SYNC_RETRIES, failedMessage: FAILED_MESSAGE, validate: isAccountJobPayload };

/** Cards then prices: on POST /catalog/sync, when an account is connected and when its key changes. */
export const CATALOG_SYNC_JOB = defineJob<CatalogSyncPayload>({ name: 'catalog.sync', queue: CATALOG_SYNC_QUEUE, ...SYNC_RETRIES });
/** Cards of one active account, fanned out by the daily schedule. */
export const CATALOG_CARDS_JOB = defineJob<CatalogSyncPayload>({
  name: 'catalog.cards',
  queue: CATALOG_SYNC_QUEUE,
  ...SYNC_RETRIES,
  ...DAILY_SCHEDULE_BUSY_RETRIES,
});
/** Prices of the cards already in one active account's catalog, fanned out every 30 minutes. */
export const CATALOG_PRICES_JOB = defineJob<CatalogSyncPayload>({ name: 'catalog.prices', queue: CATALOG_SYNC_QUEUE, ...SYNC_RETRIES });

/** The catalog's per-account sync state. */
export const CATALOG_SYNC: SyncKind = {
  kind: 'catalog',
  jobs: [CATALOG_SYNC_JOB, CATALOG_CARDS_JOB, CATALOG_PRICES_JOB],
  queuedMessage: QUEUED_MESSAGE,
  runningMessage: 'Синхронизация каталога идёт',
  startedMessage: 'Синхронизация каталога начата',
  failedMessage: FAILED_MESSAGE,
};

export const PASSES_OF: Record<string, CatalogPasses> = {
  [CATALOG_SYNC_JOB.name]: { cards: true, prices: true },
  [CATALOG_CARDS_JOB.name]: { cards: true, prices: false },
  [CATALOG_PRICES_JOB.name]: { cards: false, prices: true },
};

/** Spec: Catalog synchronisation schedule. Cards daily at 04:00 Moscow time. */
export const CATALOG_CARDS_SCHEDULE = defineJob<Record<string, never>>({
  name: 'catalog.cards.schedule',
  queue: CATALOG_SYNC_QUEUE,
  schedule: { pattern: '0 4 * * *', tz: MOSCOW_TZ },
});
/** Spec: Catalog synchronisation schedule. Prices every 30 minutes, at :04 and :34 (README: Schedules of an account). */
export const CATALOG_PRICES_SCHEDULE = defineJob<Record<string, never>>({
  name: 'catalog.prices.schedule',
  queue: CATALOG_SYNC_QUEUE,
  schedule: { pattern: '4,34 * * * *', tz: MOSCOW_TZ },
});

/** The parts of the sync state a job's passes finish. */
function partsOf(passes: CatalogPasses): string[] {
  return Object.entries(passes)
    .filter(([, done]) => done)
    .map(([part]) => part);
}

type CatalogSyncOutcome = AccountSyncOutcome<CatalogSyncResult>;

@Injectable()
export class CatalogSyncJobs {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly runner: AccountSyncRunner,
    private readonly walker: CatalogSyncWalker,
    private readonly fanOut: AccountFanOut,
  ) {}

  @JobHandler(CATALOG_SYNC_JOB)
  sync(_payload: CatalogSyncPayload, job: Job<CatalogSyncPayload>): Promise<CatalogSyncOutcome> {
    return this.runForAccount(job);
  }

  @JobHandler(CATALOG_CARDS_JOB)
  cards(_payload: CatalogSyncPayload, job: Job<CatalogSyncPayload>): Promise<CatalogSyncOutcome> {
    return this.runForAccount(job);
  }

  @JobHandler(CATALOG_PRICES_JOB)
  prices(_payload: CatalogSyncPayload, job: Job<CatalogSyncPayload>): Promise<CatalogSyncOutcome> {
    return this.runForAccount(job);
  }

  @JobHandler(CATALOG_CARDS_SCHEDULE)
  cardsSchedule(): Promise<{ accounts: number }> {
    return this.fanOut.fanOutPerAccount(CATALOG_CARDS_JOB);
  }

  @JobHandler(CATALOG_PRICES_SCHEDULE)
  pricesSchedule(): Promise<{ accounts: number }> {
    return this.fanOut.fanOutPerAccount(CATALOG_PRICES_JOB);
  }

  /** One account's passes of the job's kind. */
  private runForAccount(job: Job<CatalogSyncPayload>): Promise<CatalogSyncOutcome> {
    const passes = PASSES_OF[job.name];
    return this.runner.run(job, CATALOG_SYNC, async (_job, resume: SyncResume<CardsContinuation>) => {
      const checkpoint = await this.walker.walk(job, passes, resume);
      const result: CatalogSyncResult = {
        cards: checkpoint.cards,
        prices: checkpoint.prices,
        removed: checkpoint.removed,
        capped: checkpoint.capped,
        message: finishedMessage(checkpoint, passes, this.config.catalog.syncMaxCards),
      };
      return { result, parts: partsOf(passes), counters: { cards: result.cards, prices: result.prices, removed: result.removed } };
    });
  }
}
