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

export interface CampaignSyncCounts {
  campaigns: number;
  products: number;
  statsRows: number;
}

/**
 * Reference 6.1-6.3: the count, then details in groups of 50 ids, then the statistics of the last 7 days in groups of
 * 50 ids (its own 1 per 20 s limit: a long wait delays the job). After each group the checkpoint goes into the job's
 * data, so a delayed, retried or taken-over job goes on after the last group written.
 */
@Injectable()
export class CampaignSyncWalker {
  constructor(
    private readonly client: MarketplaceClient,
    private readonly repository: CampaignSyncRepository,
  ) {}

  async walk(job: Job<CampaignSyncPayload>): Promise<CampaignSyncCounts> {
    const accountId = job.data.mpAccountId;
    let checkpoint = job.data.checkpoint ?? (await this.start(job));
    const all = checkpoint.campaigns;
    while (checkpoint.detailed < all.length) {
      const group = all.slice(checkpoint.detailed, checkpoint.detailed + IDS_PER_CALL);
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
      checkpoint = { ...checkpoint, detailed: checkpoint.detailed + group.length, products: checkpoint.products + products.length };
      await this.save(job, checkpoint, `Загружены кампании: ${checkpoint.detailed} из ${all.length}`);
    }
    const withStats = all.filter(([, , status]) => WITH_STATS.has(status)).map(([advertId]) => advertId);
    while (checkpoint.counted < withStats.length) {
      const ids = withStats.slice(checkpoint.counted, checkpoint.counted + IDS_PER_CALL);
      const query = { ids: ids.join(','), beginDate: checkpoint.beginDate, endDate: checkpoint.endDate };
      const rows = (await this.client.call(fullstats, { accountId, ...CALL }, query)).body.flatMap(statsRows);
      await this.repository.saveStats(accountId, rows);
      checkpoint = { ...checkpoint, counted: checkpoint.counted + ids.length, statsRows: checkpoint.statsRows + rows.length };
      await this.save(job, checkpoint, `Загружена статистика кампаний: ${checkpoint.counted} из ${withStats.length}`);
    }
    return { campaigns: all.length, products: checkpoint.products, statsRows: checkpoint.statsRows };
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
    await this.save(job, checkpoint, `Кампаний на маркетплейсе: ${campaigns.length}`);
    return checkpoint;
  }

  private async save(job: Job<CampaignSyncPayload>, checkpoint: CampaignSyncCheckpoint, message: string): Promise<void> {
    await job.updateData({ ...job.data, checkpoint });
    const counters = { campaigns: checkpoint.detailed, products: checkpoint.products, statsRows: checkpoint.statsRows };
    await reportProgress(job, { phase: 'running', message, counters });
  }
}
