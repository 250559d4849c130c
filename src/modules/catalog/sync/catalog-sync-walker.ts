import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';

import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import { MarketplaceClient } from '../../../marketplace/client/marketplace-client';
import { cardsList } from '../../../marketplace/endpoints/content';
import { goodsList } from '../../../marketplace/endpoints/prices';
import { reportProgress } from '../../../queue/job-progress';
import type { SyncResume } from '../../../sync-state/account-sync-states';
import type { CatalogPasses, CatalogSyncCheckpoint, CatalogSyncPayload } from './catalog-sync.jobs';
import { cardRow, CardsCursor, CardsPage, PriceRow, priceRow } from './catalog-sync.mapping';
import { CatalogSyncRepository } from './catalog-sync.repository';
import { cardsProgressMessage, pricesProgressMessage } from './catalog-sync-messages';

/** Reference 2.1: at most 100 cards a page. */
const CARDS_PAGE = 100;
/** Reference 2.2: at most 1000 goods a page. */
const GOODS_PAGE = 1000;

/** Where the next cards pass goes on after a capped one, and when (ISO time) the cycle of passes it belongs to began. */
export interface CardsContinuation {
  cursor: CardsCursor;
  cycleStartedAt: string;
}

/**
 * Where a sync starts: a cards pass goes on after the card where a capped pass stopped, within that pass's cycle,
 * otherwise from the oldest card in a new cycle.
 */
export function firstCheckpoint(
  passes: CatalogPasses,
  continuation: CardsContinuation | null = null,
  now = new Date(),
): CatalogSyncCheckpoint {
  const resume = passes.cards ? continuation : null;
  return {
    phase: passes.cards ? 'cards' : 'prices',
    passStartedAt: resume ? new Date(resume.cycleStartedAt).toISOString() : now.toISOString(),
    cursor: resume?.cursor ?? null,
    cards: 0,
    capped: false,
    removed: 0,
    offset: 0,
    prices: 0,
  };
}

/**
 * Walks the marketplace page by page and writes each page in one statement, so memory does not grow with the
 * catalog. After each page the checkpoint goes into the job's data: a worker that takes a crashed job over asks
 * for the next page, never for one already written (except the one in flight at the crash).
 */
@Injectable()
export class CatalogSyncWalker {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly client: MarketplaceClient,
    private readonly repository: CatalogSyncRepository,
  ) {}

  async walk(job: Job<CatalogSyncPayload>, passes: CatalogPasses, resume: SyncResume<CardsContinuation>): Promise<CatalogSyncCheckpoint> {
    let checkpoint = job.data.checkpoint ?? firstCheckpoint(passes, passes.cards ? await resume.load() : null);
    if (checkpoint.phase === 'cards') {
      checkpoint = await this.cardsPass(job, checkpoint, resume);
      if (!passes.prices) return checkpoint;
      checkpoint = { ...checkpoint, phase: 'prices' };
      await this.save(job, checkpoint);
    }
    return this.pricesPass(job, checkpoint);
  }

  /**
   * Reference 2.1: oldest first, the next page after the last card's updatedAt + nmID, until a short page. A pass
   * stopped by CATALOG_SYNC_MAX_CARDS leaves its cursor for the next pass, which goes on from there to the newest
   * cards; the pass that reaches the end completes the cycle, and the one after starts from the oldest again.
   */
  private async cardsPass(
    job: Job<CatalogSyncPayload>,
    start: CatalogSyncCheckpoint,
    resume: SyncResume<CardsContinuation>,
  ): Promise<CatalogSyncCheckpoint> {
    const accountId = job.data.mpAccountId;
    const maxCards = this.config.catalog.syncMaxCards;
    let checkpoint = start;
    for (;;) {
      const remaining = maxCards - checkpoint.cards;
      // At the cap, one card more tells whether the cap cut anything.
      const limit = Math.max(1, Math.min(CARDS_PAGE, remaining));
      const page = await this.cardsPage(accountId, checkpoint.cursor, limit);
      if (remaining === 0) {
        checkpoint = { ...checkpoint, capped: page.cards.length > 0 };
        break;
      }
      await this.repository.upsertCards(accountId, page.cards.map(cardRow), new Date(checkpoint.passStartedAt));
      const cursor = page.cards.length > 0 ? { updatedAt: page.cursor.updatedAt, nmID: page.cursor.nmID } : checkpoint.cursor;
      checkpoint = { ...checkpoint, cursor, cards: checkpoint.cards + page.cards.length };
      if (page.cards.length < limit) break;
      await this.save(job, checkpoint, cardsProgressMessage(checkpoint.cards));
    }
    if (checkpoint.capped) {
      await resume.save({ cursor: checkpoint.cursor!, cycleStartedAt: checkpoint.passStartedAt });
      return checkpoint;
    }
    // Spec: a card gone from the marketplace is marked, and only a complete cycle can tell which are gone.
    await resume.save(null);
    return { ...checkpoint, removed: await this.repository.markRemoved(accountId, new Date(checkpoint.passStartedAt)) };
  }

  /** Reference 2.2: offset by the page size until an empty list; only cards already in the catalog are updated. */
  private async pricesPass(job: Job<CatalogSyncPayload>, start: CatalogSyncCheckpoint): Promise<CatalogSyncCheckpoint> {
    const accountId = job.data.mpAccountId;
    let checkpoint = start;
    for (;;) {
      const answer = await this.client.call(
        goodsList,
        { accountId, onLongWait: 'delay-job' },
        { limit: GOODS_PAGE, offset: checkpoint.offset },
      );
      const goods = answer.body.data.listGoods;
      if (goods.length === 0) return checkpoint;
      const prices = goods.map(priceRow).filter((row): row is PriceRow => row !== null);
      const updated = await this.repository.updatePrices(accountId, prices, new Date());
      checkpoint = { ...checkpoint, offset: checkpoint.offset + goods.length, prices: checkpoint.prices + updated };
      await this.save(job, checkpoint, pricesProgressMessage(checkpoint.prices));
    }
  }

  private async cardsPage(accountId: string, cursor: CardsCursor | null, limit: number): Promise<CardsPage> {
    const settings = { sort: { ascending: true }, filter: { withPhoto: -1 }, cursor: { limit, ...(cursor ?? {}) } };
    return (await this.client.call(cardsList, { accountId, onLongWait: 'delay-job' }, { settings })).body;
  }

  private async save(job: Job<CatalogSyncPayload>, checkpoint: CatalogSyncCheckpoint, message?: string): Promise<void> {
    await job.updateData({ ...job.data, checkpoint });
    if (message) await reportProgress(job, { phase: 'running', message, counters: { cards: checkpoint.cards, prices: checkpoint.prices } });
  }
}
