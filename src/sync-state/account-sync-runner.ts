import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';

import { AccountsReader } from '../accounts/accounts.reader';
import type { AccountJobPayload } from '../queue/account-fan-out';
import { AccountJobs, SKIPPED_ACCOUNT_BUSY } from '../queue/account-jobs';
import { endsJob, failureMessage } from '../queue/job-outcome';
import { reportProgress } from '../queue/job-progress';
import { AccountSyncStates, SyncKind, SyncResume } from './account-sync-states';
import { AccountSyncStatesRepository } from './account-sync-states.repository';

/** What a job of an account deleted since it was queued ends with. */
export const SKIPPED_ACCOUNT_DELETED = { skipped: 'account-deleted' } as const;

/** What a sync's work ended with. */
export interface SyncDone<R extends { message: string }> {
  /** The job's result; its message is the one the state and the completed progress show. */
  result: R;
  /** The parts of the sync whose last-synced times move on. */
  parts: string[];
  /** The completed progress's counters (merged into those reported before). */
  counters?: Record<string, number>;
}

export type AccountSyncOutcome<R> = R | typeof SKIPPED_ACCOUNT_BUSY | typeof SKIPPED_ACCOUNT_DELETED;

/**
 * The one sequence of every per-account sync job: the account still exists, the account's lease (spec: Job level),
 * the state and progress running, the work, the state and progress finished; a failure that ends the job leaves its
 * error in the state.
 */
@Injectable()
export class AccountSyncRunner {
  constructor(
    private readonly accounts: AccountsReader,
    private readonly accountJobs: AccountJobs,
    private readonly states: AccountSyncStates,
    private readonly rows: AccountSyncStatesRepository,
  ) {}

  /** `resume`: where the account's next sync goes on (across jobs); within a job the work keeps its own checkpoint. */
  async run<P extends AccountJobPayload, R extends { message: string }, T = never>(
    job: Job<P>,
    sync: SyncKind,
    work: (job: Job<P>, resume: SyncResume<T>) => Promise<SyncDone<R>>,
  ): Promise<AccountSyncOutcome<R>> {
    const accountId = job.data.mpAccountId;
    const jobId = job.id!;
    try {
      if (!(await this.accounts.exists(accountId))) return SKIPPED_ACCOUNT_DELETED;
      return await this.accountJobs.withLease(job, accountId, async () => {
        await this.rows.markRunning(sync.kind, accountId, jobId, sync.runningMessage);
        await reportProgress(job, { phase: 'running', message: sync.startedMessage });
        const done = await work(job, this.states.resumeOf<T>(sync, accountId));
        await this.rows.markFinished(sync.kind, accountId, jobId, done.parts, done.result.message);
        await reportProgress(job, { phase: 'completed', message: done.result.message, counters: done.counters });
        return done.result;
      });
    } catch (error) {
      if (endsJob(job, error)) await this.rows.markFailed(sync.kind, accountId, jobId, failureMessage(error, sync.failedMessage));
      throw error;
    }
  }
}
