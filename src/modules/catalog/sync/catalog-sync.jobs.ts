import type { AccountJobPayload } from '../../../queue/account-fan-out';
import { defineJob, MOSCOW_TZ } from '../../../queue/job-definition';
import type { CardsCursor } from './catalog-sync.mapping';
import { FAILED_MESSAGE } from './catalog-sync.messages';

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

/** Spec: Job level. Long sync jobs retry 5 times, pauses from 60 s doubling. */
const SYNC_RETRIES = { attempts: 5, backoffMs: 60_000, failedMessage: FAILED_MESSAGE };

/** Cards then prices: on POST /catalog/sync, when an account is connected and when its key changes. */
export const CATALOG_SYNC_JOB = defineJob<CatalogSyncPayload>({ name: 'catalog.sync', queue: CATALOG_SYNC_QUEUE, ...SYNC_RETRIES });
/** Cards of one active account, fanned out by the daily schedule. */
export const CATALOG_CARDS_JOB = defineJob<CatalogSyncPayload>({ name: 'catalog.cards', queue: CATALOG_SYNC_QUEUE, ...SYNC_RETRIES });
/** Prices of the cards already in one active account's catalog, fanned out every 30 minutes. */
export const CATALOG_PRICES_JOB = defineJob<CatalogSyncPayload>({ name: 'catalog.prices', queue: CATALOG_SYNC_QUEUE, ...SYNC_RETRIES });

export const ACCOUNT_SYNC_JOBS = [CATALOG_SYNC_JOB, CATALOG_CARDS_JOB, CATALOG_PRICES_JOB];

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
/** Spec: Catalog synchronisation schedule. Prices every 30 minutes. */
export const CATALOG_PRICES_SCHEDULE = defineJob<Record<string, never>>({
  name: 'catalog.prices.schedule',
  queue: CATALOG_SYNC_QUEUE,
  schedule: { pattern: '*/30 * * * *', tz: MOSCOW_TZ },
});
