import { expect } from 'vitest';

import type { JobStatusBody } from './inbox-items';
import type { TestApp } from './test-app';
import { until } from './until';

/** Starts a pulse refresh through the API and waits until its job has ended; answers its final status. */
export async function pulseRefreshed(
  t: TestApp,
  auth: Record<string, string>,
  payload: { mpAccountId: string; dateFrom?: string; dateTo?: string },
  timeoutMs = 60_000,
): Promise<JobStatusBody> {
  const started = await t.request({ method: 'POST', url: '/rnp/analytics/refresh', headers: auth, payload });
  expect(started.statusCode, started.body).toBe(202);
  const { jobId } = started.json();
  return until(
    async () => {
      const response = await t.request({ method: 'GET', url: `/rnp/analytics/refresh/status/${jobId}`, headers: auth });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<JobStatusBody>();
    },
    (status) => status.state === 'completed' || status.state === 'failed',
    timeoutMs,
  );
}
