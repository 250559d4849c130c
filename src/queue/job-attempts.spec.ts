import type { Job } from 'bullmq';
import { describe, expect, it } from 'vitest';

import { attemptOf, isLastAttempt, maxAttemptsOf, retryDelayMs } from './job-attempts';

function job(attemptsMade: number, opts: Job['opts']): Job {
  return { attemptsMade, opts } as Job;
}

describe('job attempts', () => {
  it('counts the running attempt from 1 and knows the last one', () => {
    expect(attemptOf(job(0, { attempts: 5 }))).toBe(1);
    expect(maxAttemptsOf(job(0, {}))).toBe(1);
    expect(isLastAttempt(job(3, { attempts: 5 }))).toBe(false);
    expect(isLastAttempt(job(4, { attempts: 5 }))).toBe(true);
    expect(isLastAttempt(job(0, {}))).toBe(true);
  });

  it('predicts the pause before the next retry as BullMQ computes it', () => {
    expect(retryDelayMs(job(0, { backoff: { type: 'exponential', delay: 60_000 } }))).toBe(60_000);
    expect(retryDelayMs(job(2, { backoff: { type: 'exponential', delay: 60_000 } }))).toBe(240_000);
    expect(retryDelayMs(job(2, { backoff: { type: 'fixed', delay: 1000 } }))).toBe(1000);
    expect(retryDelayMs(job(2, { backoff: 500 }))).toBe(500);
    expect(retryDelayMs(job(2, {}))).toBe(0);
  });
});
