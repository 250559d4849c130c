import { setTimeout as sleep } from 'node:timers/promises';

import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';

import { moscowToday } from '../../../common/time/moscow-time';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import type { StockSources, StockSourceState, StockWarehouseKind } from '../../../database/schema';
import { CallOptions, MarketplaceClient } from '../../../marketplace/client/marketplace-client';
import { MarketplaceCallError } from '../../../marketplace/client/marketplace-errors';
import { callSpacingMs } from '../../../marketplace/client/rate-rules';
import {
  SELLER_STOCK_CHRT_IDS_MAX,
  sellerStocks,
  SellerWarehouse,
  sellerWarehouses,
  stocksReport,
  stocksReportRows,
  warehouseRemainsCreate,
  warehouseRemainsDownload,
  warehouseRemainsStatus,
} from '../../../marketplace/endpoints/stock';
import type { AccountJobPayload } from '../../../queue/account-fan-out';
import { reportProgress } from '../../../queue/job-progress';
import { CatalogReader } from '../../catalog/products/catalog.reader';
import {
  firstSizeGroup,
  inWayRows,
  remainsStockRows,
  remainsWarehouseNames,
  sellerStockRows,
  sizesByChrtId,
} from './inventory-sync.mapping';
import { InventorySyncRepository } from './inventory-sync.repository';

/** reports.json: the remains task status may be asked once per 5 s; a task is polled at that pace, never faster. */
export const remainsPollMs = (config: AppConfig) => callSpacingMs(config.marketplace.rateTimeScale, warehouseRemainsStatus);
/** Rows of a stocks report page: well under its 250 000 (reference 10.1), so that a page is held in bounded memory. */
export const STOCK_REPORT_PAGE = 100_000;
/** Products of a stocks report page whose sizes are read from the catalog and written together. */
const STOCK_REPORT_PRODUCTS_PART = 2000;
/**
 * Products read to fill one seller stock call (at most 1000 sizes, reference 10.4): a product has a size or more, so a
 * page of this many fills a call unless the catalog ends first.
 */
const SELLER_PRODUCTS_PAGE = SELLER_STOCK_CHRT_IDS_MAX;

/** `sources` while any source is pending; `snapshot` once each has been read or has failed for good. */
export type InventorySyncStep = 'sources' | 'snapshot';
type SourceProgress = StockSourceState | 'pending';

/** Where a sync stands, kept in the job's data after every step and page: a delayed, retried or taken-over job goes on from here. */
export interface InventorySyncCheckpoint {
  /** When the sync began (ISO): rows it writes carry it, so rows it did not see are told apart and removed. */
  syncedAt: string;
  step: InventorySyncStep;
  /** The remains report task in flight, and whether a purged or cancelled one was already made again (once only). */
  remainsTaskId: string | null;
  remainsRecreated: boolean;
  stockReportOffset: number;
  /** The seller warehouses as listed at the start of their step, the one being read and the last product read in it. */
  sellerWarehouses: { id: number; name: string }[] | null;
  sellerWarehouse: number;
  sellerAfterNmId: number;
  sources: { remains: SourceProgress; stockReport: SourceProgress; sellerWarehouses: SourceProgress };
  counts: InventorySyncCounts;
  /** The Moscow day of the sync's snapshot (its start's), and the kinds of warehouse already written into it. */
  snapshotDay: string;
  snapshotKinds: StockWarehouseKind[];
}

export interface InventorySyncCounts {
  remainsRows: number;
  stockReportRows: number;
  sellerRows: number;
  /** Stocks report sizes the catalog does not know (sync the catalog first). */
  unknownSizes: number;
}

export interface InventorySyncPayload extends AccountJobPayload {
  checkpoint?: InventorySyncCheckpoint;
}

/** The kind of warehouse whose rows a source writes (the stocks report writes units in transit only). */
const SOURCE_KINDS: Partial<Record<keyof StockSources, StockWarehouseKind>> = { remains: 'mp', sellerWarehouses: 'seller' };

/** A source's call that failed for good (rejected key, 404, 5xx after the client's retries): the sync goes on without it. */
function failedForGood(error: unknown): boolean {
  return error instanceof MarketplaceCallError && (error.code === 'MP_AUTH_FAILED' || error.code === 'MP_UNAVAILABLE');
}

/**
 * Reads the account's stock from three sources side by side, each on its own rate bucket: the warehouse-remains report
 * task (quantities by marketplace warehouse name; made first, so that the marketplace builds it while the others are
 * read), the stocks report (units in transit per size) and the seller's own warehouses (the amount of every catalog
 * size in each). A source that fails for good leaves its previous rows and is reported failed; the others go on.
 */
@Injectable()
export class InventorySyncWalker {
  constructor(
    private readonly client: MarketplaceClient,
    private readonly catalog: CatalogReader,
    private readonly repository: InventorySyncRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Reads every pending source; `besideSources` runs once the stocks report has been read, while the others still are
   * (work of the sync that does not need the day's stock, kept apart from the report's page in memory).
   */
  async walk(job: Job<InventorySyncPayload>, besideSources: () => Promise<void> = async () => undefined): Promise<InventorySyncCheckpoint> {
    let checkpoint: InventorySyncCheckpoint = job.data.checkpoint ?? {
      syncedAt: new Date().toISOString(),
      step: 'sources',
      remainsTaskId: null,
      remainsRecreated: false,
      stockReportOffset: 0,
      sellerWarehouses: null,
      sellerWarehouse: 0,
      sellerAfterNmId: 0,
      sources: { remains: 'pending', stockReport: 'pending', sellerWarehouses: 'pending' },
      counts: { remainsRows: 0, stockReportRows: 0, sellerRows: 0, unknownSizes: 0 },
      snapshotDay: moscowToday(new Date()),
      snapshotKinds: [],
    };
    // The sources save their own fields of one checkpoint: each save starts from the latest one, in the event loop's order.
    const current = () => checkpoint;
    const save = async (next: InventorySyncCheckpoint) => {
      checkpoint = next;
      await job.updateData({ ...job.data, checkpoint });
    };
    const readers: Record<keyof StockSources, () => Promise<void>> = {
      remains: () => this.remains(job, current, save),
      stockReport: () => this.stockReport(job, current, save),
      sellerWarehouses: () => this.seller(job, current, save),
    };
    /** Reads a pending source; answers the error that stopped it (failed for good or not), or null when it was read. */
    const read = async (source: keyof StockSources): Promise<unknown> => {
      if (current().sources[source] !== 'pending') return null;
      let stopped: unknown = null;
      try {
        await readers[source]();
      } catch (error) {
        stopped = error;
        if (!failedForGood(error)) return error;
      }
      // A source read to its end has written its kind's rows of the day's snapshot as they came.
      const kind = SOURCE_KINDS[source];
      if (stopped === null && kind) await save({ ...current(), snapshotKinds: [...current().snapshotKinds, kind] });
      await save({ ...current(), sources: { ...current().sources, [source]: stopped === null ? 'ok' : 'failed' } });
      await reportProgress(job, { phase: 'running', message: progressMessage(current()), counters: { ...current().counts } });
      return stopped;
    };
    // Every source ends (read, failed, or paused by a long token wait) before the job goes on or stops: none is left
    // running behind a delayed or retried job.
    const ended = await Promise.allSettled([
      read('remains'),
      read('stockReport').then(async (error) => {
        await besideSources();
        return error;
      }),
      read('sellerWarehouses'),
    ]);
    const [remains, stockReport, sellerWarehouses] = ended.map((outcome) =>
      outcome.status === 'fulfilled' ? outcome.value : outcome.reason,
    );
    const paused = [remains, stockReport, sellerWarehouses].find((error) => error !== null && !failedForGood(error));
    if (paused) throw paused;
    // Without both marketplace sources there is nothing to show: the job fails as the stocks report's error says.
    if (current().sources.remains === 'failed' && current().sources.stockReport === 'failed')
      throw (
        stockReport ??
        remains ??
        new MarketplaceCallError(
          'MP_UNAVAILABLE',
          'Маркетплейс не отдал ни отчёт об остатках, ни остатки на складах',
          { scope: 'analytics', path: stocksReport.path, mpStatus: null, mpRequestId: null },
          false,
        )
      );
    await save({ ...current(), step: 'snapshot' });
    return checkpoint;
  }

  private options(job: Job<InventorySyncPayload>): CallOptions {
    return { accountId: job.data.mpAccountId, onLongWait: 'delay-job' };
  }

  /** Reference 9.3: create → status polled until done → download; a purged or cancelled task is made again once. */
  private async remains(
    job: Job<InventorySyncPayload>,
    current: () => InventorySyncCheckpoint,
    save: (next: InventorySyncCheckpoint) => Promise<void>,
  ): Promise<void> {
    const options = this.options(job);
    const accountId = job.data.mpAccountId;
    for (;;) {
      let taskId = current().remainsTaskId;
      if (!taskId) {
        const created = await this.client.call(warehouseRemainsCreate, options, { groupByBarcode: true, groupBySize: true });
        taskId = created.body.data.taskId;
        await save({ ...current(), remainsTaskId: taskId });
      }
      await sleep(remainsPollMs(this.config));
      const { status } = (await this.client.call(warehouseRemainsStatus, options, { taskId })).body.data;
      if (status === 'new' || status === 'processing') continue;
      if (status === 'purged' || status === 'canceled') {
        if (current().remainsRecreated)
          throw new MarketplaceCallError(
            'MP_UNAVAILABLE',
            'Маркетплейс дважды отменил отчёт об остатках',
            { scope: 'analytics', path: warehouseRemainsStatus.path, mpStatus: 200, mpRequestId: null },
            false,
          );
        await save({ ...current(), remainsTaskId: null, remainsRecreated: true });
        continue;
      }
      break;
    }
    const syncedAt = new Date(current().syncedAt);
    const { snapshotDay } = current();
    let rows = 0;
    // The marketplace's part of the day's snapshot is written batch by batch, from an empty one (a resumed job reads the
    // report again from its start).
    await this.repository.clearSnapshotRows(accountId, snapshotDay, 'mp');
    await this.client.stream(warehouseRemainsDownload, options, { taskId: current().remainsTaskId! }, async (batch) => {
      const { items } = batch.pick();
      const ids = await this.repository.warehouseIds(remainsWarehouseNames(items));
      const stock = remainsStockRows(items, ids);
      await this.repository.upsertStocks(accountId, 'mp', stock, syncedAt, snapshotDay);
      rows += stock.length;
    });
    await this.repository.removeUnseenStocks(accountId, 'mp', syncedAt);
    await save({ ...current(), counts: { ...current().counts, remainsRows: rows } });
  }

  /** Reference 10.1: pages by offset until a short one; in-way units per size, keyed through the catalog's chrtIDs. */
  private async stockReport(
    job: Job<InventorySyncPayload>,
    current: () => InventorySyncCheckpoint,
    save: (next: InventorySyncCheckpoint) => Promise<void>,
  ): Promise<void> {
    const accountId = job.data.mpAccountId;
    const syncedAt = new Date(current().syncedAt);
    for (;;) {
      const offset = current().stockReportOffset;
      const answer = await this.client.call(stocksReport, this.options(job), { limit: STOCK_REPORT_PAGE, offset });
      const rows = stocksReportRows(answer.body);
      const byNmId = new Map<number, typeof rows>();
      for (const row of rows) {
        const ofProduct = byNmId.get(row.nmId);
        if (ofProduct) ofProduct.push(row);
        else byNmId.set(row.nmId, [row]);
      }
      const nmIds = [...byNmId.keys()];
      let unknown = 0;
      // The page's products in parts: their catalog sizes and written rows held a part at a time (bounded memory).
      for (let start = 0; start < nmIds.length; start += STOCK_REPORT_PRODUCTS_PART) {
        const part = nmIds.slice(start, start + STOCK_REPORT_PRODUCTS_PART);
        const sizes = sizesByChrtId(await this.catalog.sizesOf(accountId, part));
        const inWay = inWayRows(
          part.flatMap((nmId) => byNmId.get(nmId)!),
          sizes,
        );
        await this.repository.upsertInWay(accountId, inWay.rows, syncedAt);
        unknown += inWay.unknown;
      }
      const counts = current().counts;
      await save({
        ...current(),
        stockReportOffset: offset + rows.length,
        counts: { ...counts, stockReportRows: counts.stockReportRows + rows.length, unknownSizes: counts.unknownSizes + unknown },
      });
      if (rows.length < STOCK_REPORT_PAGE) break;
    }
    await this.repository.removeUnseenInWay(accountId, syncedAt);
  }

  /** Reference 10.3-10.4: the seller's warehouses, and in each the amount of every size of the catalog. */
  private async seller(
    job: Job<InventorySyncPayload>,
    current: () => InventorySyncCheckpoint,
    save: (next: InventorySyncCheckpoint) => Promise<void>,
  ): Promise<void> {
    const accountId = job.data.mpAccountId;
    const options = this.options(job);
    const syncedAt = new Date(current().syncedAt);
    if (!current().sellerWarehouses) {
      // The seller's part of the day's snapshot is written page by page, from an empty one (a resumed job goes on).
      await this.repository.clearSnapshotRows(accountId, current().snapshotDay, 'seller');
      const listed = (await this.client.call(sellerWarehouses, options)).body;
      const kept = listed.filter((warehouse: SellerWarehouse) => !warehouse.isDeleting);
      await save({ ...current(), sellerWarehouses: kept.map(({ id, name }) => ({ id, name })) });
    }
    const warehouses = current().sellerWarehouses!;
    while (current().sellerWarehouse < warehouses.length) {
      const warehouse = warehouses[current().sellerWarehouse];
      // Calls filled to 1000 sizes: the bucket (300 a minute) is what a large catalog waits for.
      const page = await this.catalog.sizesAfter(accountId, current().sellerAfterNmId, SELLER_PRODUCTS_PAGE);
      const products = firstSizeGroup(page, SELLER_STOCK_CHRT_IDS_MAX);
      if (products.length === 0) {
        await save({ ...current(), sellerWarehouse: current().sellerWarehouse + 1, sellerAfterNmId: 0 });
        continue;
      }
      const sizes = sizesByChrtId(products);
      const chrtIds = [...sizes.keys()];
      let rows = 0;
      for (let start = 0; start < chrtIds.length; start += SELLER_STOCK_CHRT_IDS_MAX) {
        const chunk = chrtIds.slice(start, start + SELLER_STOCK_CHRT_IDS_MAX);
        const answer = await this.client.call(sellerStocks, options, { warehouseId: warehouse.id, chrtIds: chunk });
        const stock = sellerStockRows(warehouse, answer.body.stocks, sizes);
        await this.repository.upsertStocks(accountId, 'seller', stock, syncedAt, current().snapshotDay);
        rows += stock.length;
      }
      const counts = current().counts;
      await save({
        ...current(),
        sellerAfterNmId: products[products.length - 1].nmId,
        counts: { ...counts, sellerRows: counts.sellerRows + rows },
      });
    }
    await this.repository.removeUnseenStocks(accountId, 'seller', syncedAt);
  }
}

function progressMessage(checkpoint: InventorySyncCheckpoint): string {
  const { remainsRows, stockReportRows, sellerRows } = checkpoint.counts;
  return `Получено строк: отчёт об остатках ${remainsRows}, остатки на складах ${stockReportRows}, склады продавца ${sellerRows}`;
}
