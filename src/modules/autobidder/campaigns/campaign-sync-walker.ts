import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';

import { shiftDay } from '../../../common/time/calendar-days';
import { moscowToday } from '../../../common/time/moscow-time';
import { MarketplaceClient } from '../../../marketplace/client/marketplace-client';
import { adverts, fullstats, promotionCount } from '../../../marketplace/endpoints/advert';
import type { AccountJobPayload } from '../../../queue/account-fan-out';
import { reportProgress } from '../../../queue/job-progress';
import { olderStatsCalls, RECENT_STATS_DAYS, STATS_CALL_IDS, StatsCall } from '../stats-days';
import { CampaignSyncRepository } from './campaign-sync.repository';
import { campaignRows, statsRows } from './campaign-sync-rows';

/** Reference 6.2: at most 50 ids a call. */
const IDS_PER_CALL = 50;
/** Reference 6.3: fullstats answers for finished, active and paused campaigns only. */
export const WITH_STATS = new Set([7, 9, 11]);
const CALL = { onLongWait: 'delay-job' } as const;

/**
 * Where a sync is: the campaigns the count listed ([advertId, type, status]), how many got details and recent
 * statistics, and the calls for older days that period limits need, with how many were made.
 */
export interface CampaignSyncCheckpoint {
  campaigns: [number, number, number][];
  detailed: number;
  /** Position among the campaigns with statistics. */
  counted: number;
  products: number;
  statsRows: number;
  /** The recent statistics' Moscow days, fixed when the sync began. */
  beginDate: string;
  endDate: string;
  /** Absent in a checkpoint written before older days were fetched: none. */
  older?: StatsCall[];
  olderDone?: number;
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
function statsIds(campaigns: CampaignSyncCheckpoint['campaigns']): number[] {
  return campaigns.filter(([, , status]) => WITH_STATS.has(status)).map(([advertId]) => advertId);
}

export interface CampaignSyncCounts {
  campaigns: number;
  products: number;
  statsRows: number;
}

/**
 * Reference 6.1-6.3: the count, then two walks side by side, each in groups of 50 ids: the details (campaigns and
 * bids) and the statistics of the last 7 days, then of the older days the live period limits count and the sync does
 * not keep yet, 31 days a call (its own 1 per 20 s limit, so the slower walk by far; a long token wait delays the
 * job). After each call the checkpoint goes into the job's data, so a delayed, retried or taken-over job goes on after
 * the last call written by either walk.
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
      // Bids the service writes while the call is out are newer than its answer.
      const askedAt = new Date();
      const answer = await this.client.call(adverts, { accountId, ...CALL }, { ids: [...types.keys()].join(',') });
      const rows = answer.body.adverts
        .filter((advert) => types.has(advert.id))
        .map((advert) => campaignRows(advert, types.get(advert.id)!));
      const products = rows.flatMap((row) => row.products);
      await this.repository.saveCampaigns(
        accountId,
        rows.map((row) => row.campaign),
        products,
        askedAt,
      );
      const { detailed, products: stored } = state.checkpoint;
      state.checkpoint = { ...state.checkpoint, detailed: detailed + group.length, products: stored + products.length };
      await this.save(job, state.checkpoint);
    }
  }

  private async stats(job: Job<CampaignSyncPayload>, state: WalkState): Promise<void> {
    const withStats = statsIds(state.checkpoint.campaigns);
    while (!state.stopped && state.checkpoint.counted < withStats.length) {
      const { counted, beginDate, endDate } = state.checkpoint;
      const ids = withStats.slice(counted, counted + STATS_CALL_IDS);
      const rows = await this.fetchStats(job, { ids, beginDate, endDate });
      state.checkpoint = { ...state.checkpoint, counted: counted + ids.length, statsRows: state.checkpoint.statsRows + rows };
      await this.save(job, state.checkpoint);
    }
    const older = state.checkpoint.older ?? [];
    while (!state.stopped && (state.checkpoint.olderDone ?? 0) < older.length) {
      const done = state.checkpoint.olderDone ?? 0;
      const rows = await this.fetchStats(job, older[done]);
      state.checkpoint = { ...state.checkpoint, olderDone: done + 1, statsRows: state.checkpoint.statsRows + rows };
      await this.save(job, state.checkpoint);
    }
  }

  /** One statistics call, its rows and days kept; the number of rows. */
  private async fetchStats(job: Job<CampaignSyncPayload>, call: StatsCall): Promise<number> {
    const accountId = job.data.mpAccountId;
    const { ids, beginDate, endDate } = call;
    const answer = await this.client.call(fullstats, { accountId, ...CALL }, { ids: ids.join(','), beginDate, endDate });
    const rows = answer.body.flatMap(statsRows);
    await this.repository.saveStats(accountId, rows, call);
    return rows.length;
  }

  private async start(job: Job<CampaignSyncPayload>): Promise<CampaignSyncCheckpoint> {
    const accountId = job.data.mpAccountId;
    const count = (await this.client.call(promotionCount, { accountId, ...CALL })).body;
    const campaigns = (count.adverts ?? []).flatMap((group) =>
      group.advert_list.map(({ advertId }): [number, number, number] => [advertId, group.type, group.status]),
    );
    const endDate = moscowToday(new Date());
    const withStats = new Set(statsIds(campaigns));
    const needs = (await this.repository.olderStatsNeeds(accountId)).filter((need) => withStats.has(need.advertId));
    const checkpoint = {
      campaigns,
      detailed: 0,
      counted: 0,
      products: 0,
      statsRows: 0,
      beginDate: shiftDay(endDate, -(RECENT_STATS_DAYS - 1)),
      endDate,
      older: olderStatsCalls(needs, endDate),
      olderDone: 0,
    };
    await this.save(job, checkpoint);
    return checkpoint;
  }

  /** Both walks save the whole checkpoint as it stands: the last save has the progress of each. */
  private async save(job: Job<CampaignSyncPayload>, checkpoint: CampaignSyncCheckpoint): Promise<void> {
    await job.updateData({ ...job.data, checkpoint });
    const older = checkpoint.older?.length ?? 0;
    const message =
      `Кампании: ${checkpoint.detailed} из ${checkpoint.campaigns.length}; ` +
      `статистика: ${checkpoint.counted} из ${statsIds(checkpoint.campaigns).length} кампаний` +
      (older > 0 ? `; прошлые дни лимитов: ${checkpoint.olderDone ?? 0} из ${older} запросов` : '');
    const counters = { campaigns: checkpoint.detailed, products: checkpoint.products, statsRows: checkpoint.statsRows };
    await reportProgress(job, { phase: 'running', message, counters });
  }
}
