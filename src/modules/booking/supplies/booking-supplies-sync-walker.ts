import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';

import { DAY_MS } from '../../../common/time/calendar-days';
import { moscowToday } from '../../../common/time/moscow-time';
import { MarketplaceClient } from '../../../marketplace/client/marketplace-client';
import {
  fbwSupplies,
  fbwSupply,
  fbwSupplyGoods,
  SupplyGood,
  SupplyListQuery,
  SupplyRef,
} from '../../../marketplace/endpoints/fbw-supplies';
import type { AccountJobPayload } from '../../../queue/account-fan-out';
import { reportProgress } from '../../../queue/job-progress';
import { supplyDetailsRow, supplyGoodRows, supplyListRow } from './booking-supplies.mapping';
import { BookingSuppliesRepository, DueSupply } from './booking-supplies.repository';

/** Reference 11.4 and 11.6: the most items a page of the list and of a supply's goods. */
const LIST_PAGE = 1000;
const GOODS_PAGE = 1000;

export interface BookingSuppliesSyncCounts {
  listed: number;
  details: number;
}

/** Where a sync stands, in the job's data after every list page; the details' checkpoint is each row's due flag. */
export interface BookingSuppliesCheckpoint {
  /** When the sync began (ISO): the next sync lists what changed since the Moscow day before it. */
  startedAt: string;
  /** The first Moscow day of updatedDate the list asks for; null: the whole list (the account's first sync). */
  updatedFrom: string | null;
  phase: 'list' | 'details';
  offset: number;
  counts: BookingSuppliesSyncCounts;
}

export interface BookingSuppliesSyncPayload extends AccountJobPayload {
  checkpoint?: BookingSuppliesCheckpoint;
}

/** The list asks for supplies updated since the Moscow day before the previous sync began: no change falls between. */
export function updatedFromOf(previousStart: string | null): string | null {
  return previousStart === null ? null : moscowToday(new Date(Date.parse(previousStart) - DAY_MS));
}

/**
 * Reads the account's FBW supplies: the list page by page (offset += limit until a short page), every supply new or
 * changed since the previous sync, then the details and goods of each supply whose details are due (new, or a new
 * updatedDate), each written with its goods in one transaction that clears its due flag.
 */
@Injectable()
export class BookingSuppliesSyncWalker {
  constructor(
    private readonly client: MarketplaceClient,
    private readonly repository: BookingSuppliesRepository,
  ) {}

  /** `previousStart`: when the account's previous complete sync began, asked only by a job without a checkpoint. */
  async walk(job: Job<BookingSuppliesSyncPayload>, previousStart: () => Promise<string | null>): Promise<BookingSuppliesCheckpoint> {
    const accountId = job.data.mpAccountId;
    let checkpoint: BookingSuppliesCheckpoint = job.data.checkpoint ?? {
      startedAt: new Date().toISOString(),
      updatedFrom: updatedFromOf(await previousStart()),
      phase: 'list',
      offset: 0,
      counts: { listed: 0, details: 0 },
    };
    const options = { accountId, onLongWait: 'delay-job' as const };
    while (checkpoint.phase === 'list') {
      const query: SupplyListQuery = {
        limit: LIST_PAGE,
        offset: checkpoint.offset,
        ...(checkpoint.updatedFrom ? { dates: [{ type: 'updatedDate' as const, from: checkpoint.updatedFrom }] } : {}),
      };
      const items = (await this.client.call(fbwSupplies, options, query)).body;
      await this.repository.upsertListed(accountId, items.map(supplyListRow));
      const counts = { ...checkpoint.counts, listed: checkpoint.counts.listed + items.length };
      checkpoint =
        items.length < LIST_PAGE
          ? { ...checkpoint, phase: 'details', offset: 0, counts }
          : { ...checkpoint, offset: checkpoint.offset + items.length, counts };
      await job.updateData({ ...job.data, checkpoint });
    }
    await reportProgress(job, {
      phase: 'running',
      message: `Получено поставок: ${checkpoint.counts.listed}`,
      counters: { ...checkpoint.counts },
    });
    for (let due = await this.repository.nextDue(accountId); due; due = await this.repository.nextDue(accountId)) {
      await this.readDetails(accountId, due);
      checkpoint = { ...checkpoint, counts: { ...checkpoint.counts, details: checkpoint.counts.details + 1 } };
      await job.updateData({ ...job.data, checkpoint });
    }
    return checkpoint;
  }

  /** A supply's details and all its goods; one the marketplace no longer answers for is left as the list gave it. */
  private async readDetails(accountId: string, due: DueSupply): Promise<void> {
    const options = { accountId, onLongWait: 'delay-job' as const };
    const ref: SupplyRef = due.supplyId === null ? { id: due.preorderId, isPreorderID: true } : { id: due.supplyId, isPreorderID: false };
    const details = await this.client.call(fbwSupply, options, ref);
    if (!details.ok) return this.repository.detailsGone(due.rowId);
    const goods: SupplyGood[] = [];
    for (let offset = 0; ; offset += GOODS_PAGE) {
      const page = await this.client.call(fbwSupplyGoods, options, { ...ref, limit: GOODS_PAGE, offset });
      if (!page.ok) return this.repository.detailsGone(due.rowId);
      goods.push(...page.body);
      if (page.body.length < GOODS_PAGE) break;
    }
    await this.repository.writeDetails(due.rowId, supplyDetailsRow(details.body), supplyGoodRows(goods));
  }
}
