import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';

import { daysBetween, shiftDay } from '../../../common/time/calendar-days';
import { moscowToday } from '../../../common/time/moscow-time';
import { CallOptions, MarketplaceClient } from '../../../marketplace/client/marketplace-client';
import {
  FUNNEL_HISTORY_NM_IDS_MAX,
  FUNNEL_PRODUCTS_LIMIT_MAX,
  salesFunnelHistory,
  salesFunnelProducts,
} from '../../../marketplace/endpoints/analytics';
import { reportProgress } from '../../../queue/job-progress';
import { CatalogReader } from '../../catalog/products/catalog.reader';
import { DailyRowsRepository, FunnelDay } from '../daily/daily-rows.repository';
import { historyFunnelDays, productFunnelDays } from './funnel-answers';
import { PulseRefreshCheckpoint, PulseRefreshCounts, PulseRefreshPayload, refreshDays } from './pulse-refresh-range';

export interface PulseRefreshResult {
  dateFrom: string;
  dateTo: string;
  counts: PulseRefreshCounts;
  message: string;
}

/**
 * One refresh of an account's pulse, step by step from its checkpoint (kept after every page and call): every card's
 * funnel of each day from the products call (pages of 1000), the list items' rewritten funnel from the history call
 * (20 cards a call), each written against the stored rows with its versions; then the local sources assembled and the
 * flags decided. The calls wait for their tokens (3 a minute each); a long wait delays the job, which goes on here.
 */
@Injectable()
export class PulseRefreshWalker {
  constructor(
    private readonly client: MarketplaceClient,
    private readonly catalog: CatalogReader,
    private readonly rows: DailyRowsRepository,
  ) {}

  async walk(job: Job<PulseRefreshPayload>, kind: 'range' | 'nightly'): Promise<PulseRefreshResult> {
    const today = moscowToday(new Date());
    let checkpoint: PulseRefreshCheckpoint = job.data.checkpoint ?? {
      ...refreshDays(job.data, kind, today),
      step: 'products',
      productsDay: 0,
      productsOffset: 0,
      historyChunk: 0,
      counts: { funnelRows: 0, revisedRows: 0, historyCalls: 0, localRows: 0 },
    };
    const save = async (next: PulseRefreshCheckpoint) => {
      checkpoint = next;
      await job.updateData({ ...job.data, checkpoint });
    };
    const accountId = job.data.mpAccountId;
    const options: CallOptions = { accountId, onLongWait: 'delay-job' };
    const progress = (message: string) => reportProgress(job, { phase: 'running', message, counters: { ...checkpoint.counts } });
    const counted = (counts: PulseRefreshCounts, written: { first: number; revised: number }, calls = 0) => ({
      ...counts,
      funnelRows: counts.funnelRows + written.first + written.revised,
      revisedRows: counts.revisedRows + written.revised,
      historyCalls: counts.historyCalls + calls,
    });

    const { productsDays } = checkpoint;
    while (checkpoint.step === 'products') {
      const day = shiftDay(productsDays.dateFrom, checkpoint.productsDay);
      if (day > productsDays.dateTo) {
        await save({ ...checkpoint, step: checkpoint.historyDays ? 'history' : 'local' });
        break;
      }
      const answer = await this.client.call(salesFunnelProducts, options, {
        selectedPeriod: { start: day, end: day },
        limit: FUNNEL_PRODUCTS_LIMIT_MAX,
        offset: checkpoint.productsOffset,
      });
      const { products } = answer.body.data;
      const written = await this.rows.writeFunnel(accountId, await this.inCatalog(accountId, productFunnelDays(day, products)));
      const lastPage = products.length < FUNNEL_PRODUCTS_LIMIT_MAX;
      await save({
        ...checkpoint,
        productsDay: lastPage ? checkpoint.productsDay + 1 : checkpoint.productsDay,
        productsOffset: lastPage ? 0 : checkpoint.productsOffset + products.length,
        counts: counted(checkpoint.counts, written),
      });
      await progress(`Воронка продаж получена за ${day}`);
    }

    if (checkpoint.step === 'history') {
      const { dateFrom, dateTo } = checkpoint.historyDays!;
      const nmIds = await this.rows.listNmIds(accountId);
      const chunks = Math.ceil(nmIds.length / FUNNEL_HISTORY_NM_IDS_MAX);
      while (checkpoint.historyChunk < chunks) {
        const start = checkpoint.historyChunk * FUNNEL_HISTORY_NM_IDS_MAX;
        const answer = await this.client.call(salesFunnelHistory, options, {
          nmIds: nmIds.slice(start, start + FUNNEL_HISTORY_NM_IDS_MAX),
          selectedPeriod: { start: dateFrom, end: dateTo },
          aggregationLevel: 'day',
        });
        const written = await this.rows.writeFunnel(accountId, historyFunnelDays(answer.body, dateFrom, dateTo));
        await save({ ...checkpoint, historyChunk: checkpoint.historyChunk + 1, counts: counted(checkpoint.counts, written, 1) });
        await progress(
          `История воронки получена для ${Math.min(start + FUNNEL_HISTORY_NM_IDS_MAX, nmIds.length)} из ${nmIds.length} товаров списков`,
        );
      }
      await save({ ...checkpoint, step: 'local' });
    }

    const { dateFrom, dateTo } = checkpoint;
    if (checkpoint.step === 'local') {
      const localRows = await this.rows.assembleLocal(accountId, dateFrom, dateTo, today);
      await this.rows.refreshFlags(accountId, dateFrom, dateTo);
      await save({ ...checkpoint, step: 'done', counts: { ...checkpoint.counts, localRows } });
      await progress('Пульс собран');
    }
    const days = daysBetween(dateFrom, dateTo) + 1;
    return { dateFrom, dateTo, counts: checkpoint.counts, message: `Пульс обновлён за ${days} дн. (${dateFrom} — ${dateTo})` };
  }

  /** The days of cards in the account's catalog: the products call answers every card the marketplace has. */
  private async inCatalog(accountId: string, days: FunnelDay[]): Promise<FunnelDay[]> {
    if (days.length === 0) return days;
    const missing = new Set(await this.catalog.missingNmIds(accountId, [...new Set(days.map((day) => day.nmId))]));
    return missing.size === 0 ? days : days.filter((day) => !missing.has(day.nmId));
  }
}
