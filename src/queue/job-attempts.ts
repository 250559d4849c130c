import type { Job } from 'bullmq';

/** The attempt running now, counted from 1. */
export function attemptOf(job: Job): number {
  return job.attemptsMade + 1;
}

export function maxAttemptsOf(job: Job): number {
  return job.opts.attempts ?? 1;
}

/** Whether a failure of the attempt running now ends the job. */
export function isLastAttempt(job: Job): boolean {
  return attemptOf(job) >= maxAttemptsOf(job);
}

/** How long BullMQ waits before it retries the attempt running now: exponential backoff waits delay × 2^(n-1) before the n-th retry. */
export function retryDelayMs(job: Job): number {
  const backoff = job.opts.backoff;
  if (backoff === undefined) return 0;
  if (typeof backoff === 'number') return backoff;
  const delay = backoff.delay ?? 0;
  return backoff.type === 'exponential' ? delay * 2 ** job.attemptsMade : delay;
}
