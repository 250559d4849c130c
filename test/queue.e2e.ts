import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { expectErrorEnvelope } from './support/envelope';
import { ExamplesTestModule } from './support/examples-test.module';
import { startTestApp, TestApp } from './support/test-app';

let api: TestApp;
let worker: TestApp;
let auth: Record<string, string>;

beforeAll(async () => {
  api = await startTestApp({ env: { APP_ROLE: 'api' }, extraImports: [ExamplesTestModule] });
  auth = { authorization: `Bearer ${api.tokenFor()}` };
});
afterAll(async () => {
  await worker?.close();
  await api.close();
});

async function statusOf(jobId: string) {
  return (await api.request({ method: 'GET', url: `/examples/queue/${jobId}`, headers: auth })).json();
}

async function waitFor(jobId: string, state: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 100; i += 1) {
    const status = await statusOf(jobId);
    if (status.state === state) return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`job ${jobId} never reached ${state}`);
}

describe('queues across roles', () => {
  it('an api process enqueues; the job stays pending until a worker process runs it', async () => {
    const accepted = await api.request({ method: 'POST', url: '/examples/queue', headers: auth, payload: { message: 'привет' } });
    expect(accepted.statusCode).toBe(202);
    const { jobId } = accepted.json();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await statusOf(jobId)).toEqual({ jobId, state: 'pending', result: null });

    worker = await startTestApp({ shareWith: api, env: { APP_ROLE: 'worker' }, extraImports: [ExamplesTestModule] });
    const done = await waitFor(jobId, 'completed');
    expect(done.result).toMatchObject({ echo: 'привет' });
  });

  it('answers 503 SERVICE_UNAVAILABLE when Redis is away (a hang would hit the test timeout)', async () => {
    const cut = await startTestApp({ shareWith: api, env: { REDIS_URL: 'redis://127.0.0.1:1' }, extraImports: [ExamplesTestModule] });
    try {
      expectErrorEnvelope(
        await cut.request({ method: 'POST', url: '/examples/queue', headers: auth, payload: { message: 'x' } }),
        503,
        'SERVICE_UNAVAILABLE',
      );
      expectErrorEnvelope(
        await cut.request({ method: 'GET', url: `/examples/queue/${randomUUID()}`, headers: auth }),
        503,
        'SERVICE_UNAVAILABLE',
      );
    } finally {
      await cut.close();
    }
  });

  it('answers 404 for an unknown job and validates the body', async () => {
    expectErrorEnvelope(await api.request({ method: 'GET', url: `/examples/queue/${randomUUID()}`, headers: auth }), 404, 'NOT_FOUND');
    expectErrorEnvelope(
      await api.request({ method: 'POST', url: '/examples/queue', headers: auth, payload: { message: 'x', workMs: -1 } }),
      400,
      'VALIDATION_FAILED',
    );
  });
});
