import { Injectable } from '@nestjs/common';

import { JobStatus, QueueService } from '../../../queue/queue.service';
import { CatalogSyncStartedDto, CatalogSyncStatusDto } from './catalog-sync.dto';
import { ACCOUNT_SYNC_JOBS, CATALOG_SYNC_JOB } from './catalog-sync.jobs';
import { FAILED_MESSAGE, QUEUED_MESSAGE } from './catalog-sync.messages';
import { CatalogSyncRepository } from './catalog-sync.repository';

@Injectable()
export class CatalogSyncService {
  constructor(
    private readonly repository: CatalogSyncRepository,
    private readonly queues: QueueService,
  ) {}

  /** Cards then prices; while a sync of the account is unfinished, its id with alreadyRunning. */
  async start(accountId: string): Promise<CatalogSyncStartedDto> {
    const started = await this.queues.startOnce(CATALOG_SYNC_JOB, { mpAccountId: accountId }, accountId);
    if (!started.alreadyRunning) await this.repository.markRunning(accountId, started.jobId, QUEUED_MESSAGE);
    return started;
  }

  /** A new key may open another seller's catalog: the cards pass starts a new cycle from the oldest card. */
  async startWithNewKey(accountId: string): Promise<CatalogSyncStartedDto> {
    await this.repository.saveCardsContinuation(accountId, null);
    return this.start(accountId);
  }

  /**
   * Spec: Catalog sync status. The row says what the last job left; while it says running, the job itself is
   * asked, so that a job that ended without writing (a crash past its attempts) does not look running for ever.
   */
  async status(accountId: string): Promise<CatalogSyncStatusDto> {
    const [row, productCount] = await Promise.all([this.repository.findState(accountId), this.repository.productCount(accountId)]);
    const base = {
      productCount,
      lastSyncAt: row?.lastPriceSyncAt ?? null,
      lastCardsSyncAt: row?.lastCardsSyncAt ?? null,
      jobId: row?.jobId ?? null,
    };
    if (!row) return { ...base, state: 'idle', message: null, errorMessage: null };
    if (row.state !== 'running' || !row.jobId) return { ...base, state: row.state, message: row.message, errorMessage: row.errorMessage };
    const job = await this.liveJob(row.jobId);
    if (job?.state === 'failed')
      return {
        ...base,
        state: 'error',
        message: null,
        errorMessage: job.progress?.phase === 'failed' ? job.progress.message : FAILED_MESSAGE,
      };
    if (!job || job.state === 'completed') return { ...base, state: 'idle', message: job?.progress?.message ?? null, errorMessage: null };
    // A job not started yet shows the queue's generic phase; the row says it the catalog's way.
    const reported = job.progress?.phase === 'queued' ? null : job.progress?.message;
    return { ...base, state: 'running', message: reported ?? row.message, errorMessage: null };
  }

  private async liveJob(jobId: string): Promise<JobStatus | null> {
    for (const definition of ACCOUNT_SYNC_JOBS) {
      const status = await this.queues.status(definition, jobId);
      if (status) return status;
    }
    return null;
  }
}
