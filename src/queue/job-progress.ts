import type { Job } from 'bullmq';

import { attemptOf, maxAttemptsOf } from './job-attempts';

/** Spec: Background job progress phases. */
export type JobPhase = 'queued' | 'waiting-account' | 'running' | 'rate-limited' | 'retrying' | 'completed' | 'failed';

/** The progress every job reports, read by the job status routes. */
export interface JobProgress {
  phase: JobPhase;
  /** Ready Russian text for the user. */
  message: string;
  /** When a waiting job goes on (ISO time), or null. */
  resumeAt: string | null;
  attempt: number;
  maxAttempts: number;
  counters: Record<string, number>;
}

export interface ProgressUpdate {
  phase: JobPhase;
  message: string;
  resumeAt?: Date | null;
  /** Merged into the counters reported before. */
  counters?: Record<string, number>;
}

function previous(job: Job): Partial<JobProgress> {
  return typeof job.progress === 'object' && job.progress !== null ? (job.progress as Partial<JobProgress>) : {};
}

/** The one way a job reports progress: phase, message, resume time, attempt of max, counters. */
export async function reportProgress(job: Job, update: ProgressUpdate): Promise<void> {
  const progress: JobProgress = {
    phase: update.phase,
    message: update.message,
    resumeAt: update.resumeAt ? update.resumeAt.toISOString() : null,
    attempt: attemptOf(job),
    maxAttempts: maxAttemptsOf(job),
    counters: { ...(previous(job).counters ?? {}), ...(update.counters ?? {}) },
  };
  await job.updateProgress(progress as unknown as object);
}

/** What a job not yet started shows (it has reported nothing): queued, and when a delayed one becomes due. */
export function queuedProgress(job: Job, delayed: boolean): JobProgress {
  return {
    phase: 'queued',
    message: 'Задача в очереди',
    resumeAt: delayed ? new Date(job.timestamp + job.delay).toISOString() : null,
    attempt: attemptOf(job),
    maxAttempts: maxAttemptsOf(job),
    counters: {},
  };
}
