import { setTimeout as sleep } from 'node:timers/promises';

import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';

import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { MarketplaceCallError } from '../../marketplace/client/marketplace-errors';
import { isLastAttempt } from '../../queue/job-attempts';
import { defineJob } from '../../queue/job-definition';
import { JobFailedHandler, JobHandler } from '../../queue/job-handler.decorator';
import { reportProgress } from '../../queue/job-progress';
import { PriceChanges } from './price-changes';
import { chunkCount } from './price-math';
import { BulkChunkRow, BulkJobRow, PricingBulkRepository } from './pricing-bulk.repository';
import { UploadRefusals } from './upload-refusals';

export interface PricingBulkPayload {
  bulkJobId: string;
}

export interface PricingBulkResult {
  chunks: number;
  accepted: number;
  rejected: number;
  itemsRejected: number;
}

/**
 * Spec: Pricing routes 3. A short queue: uploads wait for their token within the client's ceiling (no delay-job),
 * and the job takes no account lease, since the shared upload bucket already orders every upload of the account.
 * A retry resumes after the chunks recorded so far, then goes on confirming the accepted chunks not confirmed yet.
 */
export const PRICING_BULK_JOB = defineJob<PricingBulkPayload>({
  name: 'pricing.bulk',
  queue: 'pricing-bulk',
  attempts: 3,
  backoffMs: 5000,
});

@Injectable()
export class PricingJobs {
  constructor(
    private readonly bulks: PricingBulkRepository,
    private readonly priceChanges: PriceChanges,
    private readonly refusals: UploadRefusals,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @JobHandler(PRICING_BULK_JOB)
  async run(payload: PricingBulkPayload, job: Job): Promise<PricingBulkResult | { skipped: 'missing' }> {
    const bulk = await this.bulks.findJob(payload.bulkJobId);
    // Deleted with its account after it was queued.
    if (!bulk) return { skipped: 'missing' };
    return this.sendChunks(bulk, job);
  }

  @JobFailedHandler(PRICING_BULK_JOB)
  async failed(job: Job<PricingBulkPayload>): Promise<void> {
    await this.bulks.markFinished(job.data.bulkJobId, 'failed');
  }

  /**
   * Every chunk not recorded yet is sent once; a rejected chunk is recorded and the next one goes on. A failure a later
   * attempt may cure (marketplace unavailable, rate limit) retries the job while attempts remain; otherwise (a rejected
   * key, the last attempt) it becomes the chunk's error text, so the other chunks still go.
   */
  private async sendChunks(bulk: BulkJobRow, job: Job): Promise<PricingBulkResult> {
    await this.bulks.markActive(bulk.id);
    const recorded = new Set((await this.bulks.chunks(bulk.id)).map((chunk) => chunk.index));
    await this.priceChanges.apply(bulk.mpAccountId, bulk.items, {
      origin: { source: 'bulk', userId: bulk.ownerId, bulkJobId: bulk.id },
      chunkSize: this.config.pricing.bulkChunkSize,
      recorded,
      onUpload: (index, total) => reportProgress(job, { phase: 'running', message: `Отправляем пакет ${index + 1} из ${total}` }),
      onCallError: (error) =>
        error instanceof MarketplaceCallError && (!error.curable || isLastAttempt(job))
          ? { accepted: false, errorText: error.message }
          : undefined,
      record: (tx, chunk) => this.bulks.recordChunk(tx, bulk.id, chunk.index, chunk.items.length, chunk.outcome),
    });
    await this.confirmChunks(bulk, job);
    const rows = await this.bulks.chunks(bulk.id);
    const result = {
      chunks: chunkCount(bulk.items.length, this.config.pricing.bulkChunkSize),
      accepted: rows.filter((row) => row.taskId !== null).length,
      rejected: rows.filter((row) => row.taskId === null).length,
      itemsRejected: (await this.bulks.itemRejections(bulk.id)).length,
    };
    await this.bulks.markFinished(bulk.id, 'completed');
    await reportProgress(job, {
      phase: 'completed',
      message: `Пакетов принято: ${result.accepted}, отклонено: ${result.rejected}; товаров не принято: ${result.itemsRejected}`,
      counters: { ...result },
    });
    return result;
  }

  /**
   * Asks the marketplace which items of each accepted chunk it refused, until every accepted
   * chunk is confirmed or the confirmation time after the last upload has passed (a retry keeps that deadline). A call
   * that fails is asked again next round; a rejected key ends the confirmation, leaving the rest unconfirmed.
   */
  private async confirmChunks(bulk: BulkJobRow, job: Job): Promise<void> {
    const { bulkConfirmTimeoutMs, bulkConfirmPollMs } = this.config.pricing;
    const chunks = await this.bulks.chunks(bulk.id);
    const deadline = Math.max(...chunks.map((chunk) => chunk.sentAt.getTime())) + bulkConfirmTimeoutMs;
    let waiting = unconfirmed(chunks);
    while (waiting.length > 0 && Date.now() < deadline) {
      await reportProgress(job, { phase: 'running', message: `Проверяем, какие товары маркетплейс не принял: пакетов ${waiting.length}` });
      for (const chunk of waiting) {
        try {
          const refusals = await this.refusals.of(bulk.mpAccountId, chunk.taskId!);
          if (refusals) await this.bulks.recordConfirmation(bulk.id, chunk.index, refusals);
        } catch (error) {
          if (!(error instanceof MarketplaceCallError)) throw error;
          if (!error.curable) return;
        }
      }
      waiting = unconfirmed(await this.bulks.chunks(bulk.id));
      if (waiting.length > 0) await sleep(Math.max(0, Math.min(bulkConfirmPollMs, deadline - Date.now())));
    }
  }
}

/** Accepted chunks whose items the marketplace has not reported on yet. */
function unconfirmed(chunks: BulkChunkRow[]): BulkChunkRow[] {
  return chunks.filter((chunk) => chunk.taskId !== null && chunk.confirmedAt === null);
}
