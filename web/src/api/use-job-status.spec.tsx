import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { errorAnswer, fakeApi } from '../test/fake-api';
import { renderHookInApp } from '../test/render';
import { useJobStatus } from './use-job-status';

const JOB_ID = '7d3f7c1e-9a4b-4c55-8f0e-2b6f1d9e0a11';
const PATH = `/autobidder/sync/status/${JOB_ID}`;
/** Longer than a poll: a job still polled would be read again within it. */
const QUIET_MS = 1_500;

const status = (state: 'pending' | 'active' | 'completed' | 'failed') => ({
  jobId: JOB_ID,
  state,
  progress: null,
  result: null,
  failedReason: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  finishedAt: state === 'completed' || state === 'failed' ? '2026-11-25T10:00:03.000Z' : null,
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('useJobStatus', () => {
  it('reads the job every second until it ends, runs onFinished before the end shows, then reads it no more', async () => {
    const states = ['pending', 'active', 'completed'] as const;
    fakeApi.answer((call) =>
      call.path === PATH ? { status: 200, body: status(states[Math.min(fakeApi.callsTo(PATH).length - 1, 2)]) } : undefined,
    );
    const shownWhenFinished: (string | undefined)[] = [];
    const hook = renderHookInApp(() =>
      useJobStatus('/autobidder/sync/status/{jobId}', JOB_ID, {
        onFinished: async () => {
          shownWhenFinished.push(hook.result.current.data?.state);
        },
      }),
    );

    await waitFor(() => expect(hook.result.current.data?.state).toBe('completed'), { timeout: 5_000 });
    expect(shownWhenFinished).toEqual(['active']);
    await pause(QUIET_MS);
    expect(fakeApi.callsTo(PATH)).toHaveLength(3);
  });

  it('stops reading a job whose status cannot be read, and reads nothing without a job', async () => {
    fakeApi.answer(() => errorAnswer(404, 'NOT_FOUND', 'Задача синхронизации кампаний не найдена'));
    const hook = renderHookInApp(() => useJobStatus('/autobidder/sync/status/{jobId}', JOB_ID));
    await waitFor(() => expect(hook.result.current.error?.message).toBe('Задача синхронизации кампаний не найдена'));
    renderHookInApp(() => useJobStatus('/autobidder/sync/status/{jobId}', undefined));
    await pause(QUIET_MS);
    expect(fakeApi.calls.map((call) => call.path)).toEqual([PATH]);
  });
});
