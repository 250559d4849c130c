import { Injectable } from '@nestjs/common';

import type { SyncState } from '../database/schema';
import type { JobDefinition } from '../queue/job-definition';
import { JobStatus, QueueService } from '../queue/queue.service';
import { AccountSyncStateRow, AccountSyncStatesRepository } from './account-sync-states.repository';

/** A kind of per-account synchronisation: its name in the state table, the jobs that run it and its messages. */
export interface SyncKind {
  kind: string;
  jobs: JobDefinition<unknown>[];
  /** Shown while a job has not reported anything of its own yet. */
  queuedMessage: string;
  /** The state's message while a job works. */
  runningMessage: string;
  /** The job's progress when it starts working. */
  startedMessage: string;
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

function partTimes(row: AccountSyncStateRow): Record<string, Date> {
  return Object.fromEntries(Object.entries(row.lastSyncedAt).map(([part, at]) => [part, new Date(at)]));
}

/** Starts a sync and reads its state (AccountSyncRunner writes what its jobs do); the status reconciles the row with the job it names. */
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
    const base = { jobId: row.jobId, lastSyncedAt: partTimes(row) };
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

  /** Part → when it last finished, without asking the job. */
  async lastSyncedAt(sync: SyncKind, accountId: string): Promise<Record<string, Date>> {
    const row = await this.rows.find(sync.kind, accountId);
    return row ? partTimes(row) : {};
  }

  private async liveJob(sync: SyncKind, jobId: string): Promise<JobStatus | null> {
    for (const definition of sync.jobs) {
      const status = await this.queues.status(definition, jobId);
      if (status) return status;
    }
    return null;
  }
}
