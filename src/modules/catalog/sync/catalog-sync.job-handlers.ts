import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';

import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import { AccountFanOut } from '../../../queue/account-fan-out';
import { AccountJobs, SKIPPED_ACCOUNT_BUSY } from '../../../queue/account-jobs';
import { JobFailedHandler, JobHandler } from '../../../queue/job-handler.decorator';
import { reportProgress } from '../../../queue/job-progress';
import { AccountsReader } from '../../mp-accounts/accounts.reader';
import {
  CATALOG_CARDS_JOB,
  CATALOG_CARDS_SCHEDULE,
  CATALOG_PRICES_JOB,
  CATALOG_PRICES_SCHEDULE,
  CATALOG_SYNC_JOB,
  CatalogSyncPayload,
  CatalogSyncResult,
  PASSES_OF,
} from './catalog-sync.jobs';
import { finishedMessage } from './catalog-sync.messages';
import { CatalogSyncRepository } from './catalog-sync.repository';
import { CatalogSyncWalker } from './catalog-sync.walker';

type AccountSyncOutcome = CatalogSyncResult | typeof SKIPPED_ACCOUNT_BUSY | { skipped: 'account-deleted' };

@Injectable()
export class CatalogSyncJobHandlers {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accountJobs: AccountJobs,
    private readonly walker: CatalogSyncWalker,
    private readonly repository: CatalogSyncRepository,
    private readonly accounts: AccountsReader,
    private readonly fanOut: AccountFanOut,
  ) {}

  @JobHandler(CATALOG_SYNC_JOB)
  sync(_payload: CatalogSyncPayload, job: Job<CatalogSyncPayload>): Promise<AccountSyncOutcome> {
    return this.runForAccount(job);
  }

  @JobHandler(CATALOG_CARDS_JOB)
  cards(_payload: CatalogSyncPayload, job: Job<CatalogSyncPayload>): Promise<AccountSyncOutcome> {
    return this.runForAccount(job);
  }

  @JobHandler(CATALOG_PRICES_JOB)
  prices(_payload: CatalogSyncPayload, job: Job<CatalogSyncPayload>): Promise<AccountSyncOutcome> {
    return this.runForAccount(job);
  }

  @JobHandler(CATALOG_CARDS_SCHEDULE)
  cardsSchedule(): Promise<{ accounts: number }> {
    return this.fanOut.fanOutPerAccount(CATALOG_CARDS_JOB);
  }

  @JobHandler(CATALOG_PRICES_SCHEDULE)
  pricesSchedule(): Promise<{ accounts: number }> {
    return this.fanOut.fanOutPerAccount(CATALOG_PRICES_JOB);
  }

  /** One account's passes under its lease; the status row follows the job (running, idle, error). */
  private async runForAccount(job: Job<CatalogSyncPayload>): Promise<AccountSyncOutcome> {
    const accountId = job.data.mpAccountId;
    const jobId = job.id!;
    if (!(await this.accounts.exists(accountId))) return { skipped: 'account-deleted' };
    const passes = PASSES_OF[job.name];
    return this.accountJobs.withLease(job, accountId, async () => {
      await this.repository.markRunning(accountId, jobId, 'Синхронизация каталога идёт');
      await reportProgress(job, { phase: 'running', message: 'Синхронизация каталога начата' });
      const checkpoint = await this.walker.walk(job, passes);
      const result: CatalogSyncResult = {
        cards: checkpoint.cards,
        prices: checkpoint.prices,
        removed: checkpoint.removed,
        capped: checkpoint.capped,
        message: finishedMessage(checkpoint, passes, this.config.catalog.syncMaxCards),
      };
      await this.repository.markFinished(accountId, jobId, passes, result.message);
      await reportProgress(job, {
        phase: 'completed',
        message: result.message,
        counters: { cards: result.cards, prices: result.prices, removed: result.removed },
      });
      return result;
    });
  }

  /** A sync that failed for good leaves its error in the status. */
  @JobFailedHandler(CATALOG_SYNC_JOB, CATALOG_CARDS_JOB, CATALOG_PRICES_JOB)
  async failed(job: Job<CatalogSyncPayload>, message: string): Promise<void> {
    await this.repository.markFailed(job.data.mpAccountId, job.id!, message);
  }
}
