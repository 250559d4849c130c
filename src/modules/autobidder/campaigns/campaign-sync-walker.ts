import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';

import { moscowToday } from '../../../common/time/moscow-time';
import { MarketplaceClient } from '../../../marketplace/client/marketplace-client';
import { adverts, fullstats, promotionCount } from '../../../marketplace/endpoints/advert';
import type { AccountJobPayload } from '../../../queue/account-fan-out';
import { reportProgress } from '../../../queue/job-progress';
import { CampaignSyncRepository } from './campaign-sync.repository';
import { campaignRows, statsRows } from './campaign-sync-rows';

/** Reference 6.2, 6.3: at most 50 ids a call. */
const IDS_PER_CALL = 50;
/** Reference 6.3: fullstats answers for finished, active and paused campaigns only. */
const WITH_STATS = new Set([7, 9, 11]);
/** The statistics of the last 7 days: today and the 6 before. */
const STATS_DAYS = 7;
const DAY_MS = 86_400_000;
const CALL = { onLongWait: 'delay-job' } as const;

/** Where a sync is: the campaigns the count listed ([advertId, type, status]), how many got details and statistics. */
export interface CampaignSyncCheckpoint {
  campaigns: [number, number, number][];
  detailed: number;
  /** Position among the campaigns with statistics. */
  counted: number;
  products: number;
  statsRows: number;
  /** The statistics' Moscow days, fixed when the sync began. */
  beginDate: string;
  endDate: string;
}

export interface CampaignSyncPayload extends AccountJobPayload {
  checkpoint?: CampaignSyncCheckpoint;
}

/** The checkpoint both walks move on, and whether one of them failed. */
interface WalkState {
  checkpoint: CampaignSyncCheckpoint;
  stopped: boolean;
}

/** The campaigns fullstats answers for, in the count's order. */
function statsIds(checkpoint: CampaignSyncCheckpoint): number[] {
  return checkpoint.campaigns.filter(([, , status]) => WITH_STATS.has(status)).map(([advertId]) => advertId);
}

export interface CampaignSyncCounts {
  campaigns: number;
  products: number;
  statsRows: number;
}

/**
 * Reference 6.1-6.3: the count, then two walks side by side, each in groups of 50 ids: the details (campaigns and
 * bids) and the statistics of the last 7 days (its own 1 per 20 s limit, so the slower walk by far; a long token wait
 * delays the job). After each group the checkpoint goes into the job's data, so a delayed, retried or taken-over job
 * goes on after the last group written by either walk.
 */
@Injectable()
export class CampaignSyncWalker {
  constructor(
    private readonly client: MarketplaceClient,
    private readonly repository: CampaignSyncRepository,
  ) {}

  async walk(job: Job<CampaignSyncPayload>): Promise<CampaignSyncCounts> {
    const state: WalkState = { checkpoint: job.data.checkpoint ?? (await this.start(job)), stopped: false };
    // A walk that fails stops the other after its group in flight, so the job ends (or is delayed) with both settled.
    const guarded = (walk: (state: WalkState) => Promise<void>) =>
      walk(state).catch((error: unknown) => {
        state.stopped = true;
        throw error;
      });
    const walks = await Promise.allSettled([guarded((s) => this.details(job, s)), guarded((s) => this.stats(job, s))]);
    const failed = walks.find((walk): walk is PromiseRejectedResult => walk.status === 'rejected');
    if (failed) throw failed.reason;
    const { campaigns, products, statsRows } = state.checkpoint;
    return { campaigns: campaigns.length, products, statsRows };
  }

  private async details(job: Job<CampaignSyncPayload>, state: WalkState): Promise<void> {
    const accountId = job.data.mpAccountId;
    const all = state.checkpoint.campaigns;
    while (!state.stopped && state.checkpoint.detailed < all.length) {
      const group = all.slice(state.checkpoint.detailed, state.checkpoint.detailed + IDS_PER_CALL);
      const types = new Map(group.map(([advertId, type]) => [advertId, type]));
      const answer = await this.client.call(adverts, { accountId, ...CALL }, { ids: [...types.keys()].join(',') });
      const rows = answer.body.adverts
        .filter((advert) => types.has(advert.id))
        .map((advert) => campaignRows(advert, types.get(advert.id)!));
      const products = rows.flatMap((row) => row.products);
      await this.repository.saveCampaigns(
        accountId,
        rows.map((row) => row.campaign),
        products,
        new Date(),
      );
      const { detailed, products: stored } = state.checkpoint;
      state.checkpoint = { ...state.checkpoint, detailed: detailed + group.length, products: stored + products.length };
      await this.save(job, state.checkpoint);
    }
  }

  private async stats(job: Job<CampaignSyncPayload>, state: WalkState): Promise<void> {
    const accountId = job.data.mpAccountId;
    const withStats = statsIds(state.checkpoint);
    while (!state.stopped && state.checkpoint.counted < withStats.length) {
      const { counted, beginDate, endDate } = state.checkpoint;
      const ids = withStats.slice(counted, counted + IDS_PER_CALL);
      const rows = (await this.client.call(fullstats, { accountId, ...CALL }, { ids: ids.join(','), beginDate, endDate })).body.flatMap(
        statsRows,
      );
      await this.repository.saveStats(accountId, rows);
      state.checkpoint = { ...state.checkpoint, counted: counted + ids.length, statsRows: state.checkpoint.statsRows + rows.length };
      await this.save(job, state.checkpoint);
    }
  }

  private async start(job: Job<CampaignSyncPayload>): Promise<CampaignSyncCheckpoint> {
    const count = (await this.client.call(promotionCount, { accountId: job.data.mpAccountId, ...CALL })).body;
    const campaigns = (count.adverts ?? []).flatMap((group) =>
      group.advert_list.map(({ advertId }): [number, number, number] => [advertId, group.type, group.status]),
    );
    const now = Date.now();
    const checkpoint = {
      campaigns,
      detailed: 0,
      counted: 0,
      products: 0,
      statsRows: 0,
      beginDate: moscowToday(new Date(now - (STATS_DAYS - 1) * DAY_MS)),
      endDate: moscowToday(new Date(now)),
    };
    await this.save(job, checkpoint);
    return checkpoint;
  }

  /** Both walks save the whole checkpoint as it stands: the last save has the progress of each. */
  private async save(job: Job<CampaignSyncPayload>, checkpoint: CampaignSyncCheckpoint): Promise<void> {
    await job.updateData({ ...job.data, checkpoint });
    const message =
      `Кампании: ${checkpoint.detailed} из ${checkpoint.campaigns.length}; ` +
      `статистика: ${checkpoint.counted} из ${statsIds(checkpoint).length} кампаний`;
    const counters = { campaigns: checkpoint.detailed, products: checkpoint.products, statsRows: checkpoint.statsRows };
    await reportProgress(job, { phase: 'running', message, counters });
  }
}
