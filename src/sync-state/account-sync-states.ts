import { Injectable } from '@nestjs/common';

import type { SyncState } from '../database/schema';
import type { JobDefinition } from '../queue/job-definition';
import { JobStatus, QueueService } from '../queue/queue.service';
import { AccountSyncStatesRepository } from './account-sync-states.repository';

/** A kind of per-account synchronisation: its name in the state table, the jobs that run it and its messages. */
export interface SyncKind {
  kind: string;
  jobs: JobDefinition<unknown>[];
  /** Shown while a job has not reported anything of its own yet. */
  queuedMessage: string;
  /** Shown when a job ended failed without a message of its own. */
  failedMessage: string;
}

/** The read model of one account's sync of one kind. */
export interface AccountSyncStatus {
  state: SyncState;
  message: string | null;
  errorMessage: string | null;
  jobId: string | null;
  /** Part → when it last finished. */
  lastSyncedAt: Record<string, Date>;
}

/** Where the next job of an account's sync goes on, in the kind's own (JSON) shape; null: from the start. */
export interface SyncResume<T> {
  load(): Promise<T | null>;
  save(resume: T | null): Promise<void>;
}

/** Writes and reads the per-account sync state; the status reconciles the row with the job it names. */
@Injectable()
export class AccountSyncStates {
  constructor(
    private readonly rows: AccountSyncStatesRepository,
    private readonly queues: QueueService,
  ) {}

  /** Starts the kind's job unless one of the account is unfinished (then its id with alreadyRunning); the row shows it queued. */
  async start<P>(
    sync: SyncKind,
    definition: JobDefinition<P>,
    payload: P,
    accountId: string,
  ): Promise<{ jobId: string; alreadyRunning: boolean }> {
    const started = await this.queues.startOnce(definition, payload, accountId);
    if (!started.alreadyRunning) await this.rows.markRunning(sync.kind, accountId, started.jobId, sync.queuedMessage);
    return started;
  }

  markRunning(sync: SyncKind, accountId: string, jobId: string, message: string): Promise<void> {
    return this.rows.markRunning(sync.kind, accountId, jobId, message);
  }

  markFinished(sync: SyncKind, accountId: string, jobId: string, parts: string[], message: string): Promise<void> {
    return this.rows.markFinished(sync.kind, accountId, jobId, parts, message);
  }

  markFailed(sync: SyncKind, accountId: string, jobId: string, errorMessage: string): Promise<void> {
    return this.rows.markFailed(sync.kind, accountId, jobId, errorMessage);
  }

  resumeOf<T>(sync: SyncKind, accountId: string): SyncResume<T> {
    return {
      load: () => this.rows.resume<T>(sync.kind, accountId),
      save: (resume) => this.rows.saveResume(sync.kind, accountId, resume),
    };
  }

  /**
   * The row says what the last job left; while it says running, the job itself is asked, so that a job that ended
   * without writing (a crash past its attempts) does not look running for ever.
   */
  async status(sync: SyncKind, accountId: string): Promise<AccountSyncStatus> {
    const row = await this.rows.find(sync.kind, accountId);
    if (!row) return { state: 'idle', message: null, errorMessage: null, jobId: null, lastSyncedAt: {} };
    const lastSyncedAt = Object.fromEntries(Object.entries(row.lastSyncedAt).map(([part, at]) => [part, new Date(at)]));
    const base = { jobId: row.jobId, lastSyncedAt };
    if (row.state !== 'running' || !row.jobId) return { ...base, state: row.state, message: row.message, errorMessage: row.errorMessage };
    const job = await this.liveJob(sync, row.jobId);
    if (job?.state === 'failed')
      return {
        ...base,
        state: 'error',
        message: null,
        errorMessage: job.progress?.phase === 'failed' ? job.progress.message : sync.failedMessage,
      };
    if (!job || job.state === 'completed') return { ...base, state: 'idle', message: job?.progress?.message ?? null, errorMessage: null };
    // A job not started yet shows the queue's generic phase; the row says it the kind's way.
    const reported = job.progress?.phase === 'queued' ? null : job.progress?.message;
    return { ...base, state: 'running', message: reported ?? row.message, errorMessage: null };
  }

  private async liveJob(sync: SyncKind, jobId: string): Promise<JobStatus | null> {
    for (const definition of sync.jobs) {
      const status = await this.queues.status(definition, jobId);
      if (status) return status;
    }
    return null;
  }
}
