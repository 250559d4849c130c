import { describe, expect, it } from 'vitest';

import { jobEnded } from './job-ended';

describe('jobEnded', () => {
  it.each([
    [undefined, false],
    [{ state: 'pending' as const }, false],
    [{ state: 'active' as const }, false],
    [{ state: 'completed' as const }, true],
    [{ state: 'failed' as const }, true],
    [{ status: 'active' as const }, false],
    [{ status: 'completed' as const }, true],
    [{ status: 'failed' as const }, true],
  ])('%j ended: %s', (job, ended) => {
    expect(jobEnded(job)).toBe(ended);
  });
});
