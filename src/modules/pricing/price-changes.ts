import { Injectable } from '@nestjs/common';

import type { BulkItem, PriceChangeSource } from '../../database/schema/pricing';
import { Transaction, Transactions } from '../../database/transaction';
import type { PriceSnapshot } from '../catalog/products/catalog.reader';
import { CatalogPriceSnapshots } from '../catalog/products/catalog-price-snapshots';
import { PriceChangesRepository } from './price-changes.repository';
import { chunksOf } from './price-math';
import { PriceUploader, UPLOAD_MAX_ITEMS, UploadOutcome } from './price-upload';

/** Who or what sends a change: written into every history row of it. */
export interface PriceChangeOrigin {
  source: PriceChangeSource;
  userId?: string;
  bulkJobId?: string;
  repricerRunId?: string;
}

/** One upload of a change and what became of it; `before` holds the snapshot it replaced, by nmId (empty when rejected). */
export interface ChunkResult {
  index: number;
  items: BulkItem[];
  outcome: UploadOutcome;
  before: Map<number, PriceSnapshot>;
}

export interface ApplyOptions {
  origin: PriceChangeOrigin;
  /** Items per upload when the change is given as one list (at most the marketplace's 1000). */
  chunkSize?: number;
  /** Uploads recorded by an earlier attempt, by index: not sent again. */
  recorded?: ReadonlySet<number>;
  /** Before each upload leaves (progress). */
  onUpload?: (index: number, total: number | undefined) => Promise<void>;
  /** What a failed marketplace call makes of its upload: an outcome to record, or undefined to end with the error. */
  onCallError?: (error: unknown) => UploadOutcome | undefined;
  /**
   * The caller's own rows of an upload (a bulk chunk, a run's counters), written in the transaction that records it,
   * before its history; false when an earlier attempt recorded it already, so that no history is written twice.
   */
  record?: (tx: Transaction, chunk: ChunkResult) => Promise<boolean | void>;
  /** The repricer ends at the first rejected upload; a bulk job goes on with the next. */
  stopAtRejection?: boolean;
}

/**
 * Spec: Pricing routes 1 and 3, Engine rule 3. The one way prices reach the marketplace: the change goes out in uploads,
 * each accepted upload is recorded (history, snapshot and the caller's rows, in one transaction) as soon as it is
 * accepted, and the next upload leaves while it is written. So what the marketplace accepted stays recorded when a
 * later upload fails or the process dies.
 */
@Injectable()
export class PriceChanges {
  constructor(
    private readonly uploader: PriceUploader,
    private readonly history: PriceChangesRepository,
    private readonly snapshots: CatalogPriceSnapshots,
    private readonly transactions: Transactions,
  ) {}

  async apply(mpAccountId: string, change: BulkItem[] | AsyncIterable<BulkItem[]>, options: ApplyOptions): Promise<ChunkResult[]> {
    const uploads = Array.isArray(change) ? chunksOf(change, options.chunkSize ?? UPLOAD_MAX_ITEMS) : change;
    const total = Array.isArray(uploads) ? uploads.length : undefined;
    const results: ChunkResult[] = [];
    // One recording in flight while the next upload goes out; awaited before it counts, and until then a failure of
    // its own must not count as unhandled.
    let recording: Promise<void> = Promise.resolve();
    let index = 0;
    try {
      for await (const items of uploads) {
        const chunkIndex = index++;
        if (options.recorded?.has(chunkIndex)) continue;
        await options.onUpload?.(chunkIndex, total);
        const outcome = await this.upload(mpAccountId, items, options);
        await recording;
        const chunk: ChunkResult = { index: chunkIndex, items, outcome, before: new Map() };
        results.push(chunk);
        if (!outcome.accepted && options.stopAtRejection) break;
        recording = this.record(mpAccountId, chunk, options);
        recording.catch(() => undefined);
      }
    } finally {
      await recording;
    }
    return results;
  }

  private async upload(mpAccountId: string, items: BulkItem[], options: ApplyOptions): Promise<UploadOutcome> {
    try {
      return await this.uploader.upload(mpAccountId, items);
    } catch (error) {
      const outcome = options.onCallError?.(error);
      if (!outcome) throw error;
      return outcome;
    }
  }

  private async record(mpAccountId: string, chunk: ChunkResult, options: ApplyOptions): Promise<void> {
    const { outcome } = chunk;
    if (!outcome.accepted && !options.record) return;
    await this.transactions.run(async (tx) => {
      if ((await options.record?.(tx, chunk)) === false || !outcome.accepted) return;
      chunk.before = await this.snapshots.applyAccepted(tx, mpAccountId, chunk.items);
      await this.history.insertHistory(tx, { mpAccountId, items: chunk.items, taskId: outcome.taskId, ...options.origin }, chunk.before);
    });
  }
}
