import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { expectErrorEnvelope } from './support/envelope';
import { ExamplesTestModule } from './support/examples-test.module';
import { strongProductionEnv } from './support/production-env';
import { startTestApp, TestApp } from './support/test-app';

function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

/** The same targets written differently: percent-encoded letters, letter case, doubled slashes, trailing dots and slashes. */
function disguises(...paths: string[]): string[] {
  return paths.flatMap((path) => [
    path.replace(/[a-z]/, (letter) => `%${letter.charCodeAt(0).toString(16)}`),
    path.replace(/[a-z]/g, (letter) => `%${letter.charCodeAt(0).toString(16).toUpperCase()}`),
    path.toUpperCase(),
    `/${path}`,
    path.replace(/\//g, '//'),
    `${path}/`,
    `${path}.`,
    `${path}%2e`,
    `${path}?x=1`,
    path.replace('/', '/./'),
    `/x/..${path}`,
    path.replace('/', '%2f'),
  ]);
}

let development: TestApp;
beforeAll(async () => {
  development = await startTestApp({ extraImports: [ExamplesTestModule] });
});
afterAll(() => development.close());

describe('metrics and queue board outside production', () => {
  it('GET /metrics is open and has request counts and latency by route and status, queue depths and process metrics', async () => {
    await development.request({ method: 'GET', url: '/health/live' });
    await development.request({ method: 'GET', url: '/no-such-route' });
    const response = await development.request({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toMatch(/http_requests_total\{method="GET",route="\/health\/live",status="200"\} 1/);
    expect(response.body).toMatch(/http_requests_total\{method="GET",route="unmatched",status="404"\} 1/);
    expect(response.body).toContain('http_request_duration_seconds_bucket{le="0.005",method="GET",route="/health/live",status="200"}');
    expect(response.body).toMatch(/queue_jobs\{queue="examples",state="waiting"\} \d+/);
    expect(response.body).toContain('process_cpu_user_seconds_total');
  });

  it('GET /admin/queues is open and lists the queues', async () => {
    const response = await development.request({ method: 'GET', url: '/admin/queues' });
    expect(response.statusCode).toBe(200);
    const api = await development.request({ method: 'GET', url: '/admin/queues/api/queues' });
    expect(api.statusCode).toBe(200);
    expect(api.json().queues.map((queue: { name: string }) => queue.name)).toContain('examples');
  });
});

describe('the queue board is read-only', () => {
  type BoardQueue = { name: string; readOnlyMode: boolean; counts: Record<string, number> };
  const examplesQueue = async (): Promise<BoardQueue> =>
    (await development.request({ method: 'GET', url: '/admin/queues/api/queues' }))
      .json()
      .queues.find((queue: BoardQueue) => queue.name === 'examples');

  it('refuses adding, editing, retrying, cleaning, promoting, pausing and emptying in the envelope; the queue is unchanged', async () => {
    const auth = { authorization: `Bearer ${development.tokenFor()}` };
    const queued = await development.request({ method: 'POST', url: '/examples/queue', headers: auth, payload: { message: 'kept' } });
    expect(queued.statusCode, queued.body).toBe(202);
    const { jobId } = queued.json();
    const before = await examplesQueue();
    expect(before.readOnlyMode).toBe(true);

    const base = '/admin/queues/api/queues';
    const writes: [method: 'POST' | 'PUT' | 'PATCH', url: string, payload?: object][] = [
      ['POST', `${base}/examples/add`, { name: 'examples.process', data: { ownerId: 'x', message: 'injected', workMs: 0 } }],
      ['PATCH', `${base}/examples/${jobId}/update-data`, { data: { message: 'edited' } }],
      ['PUT', `${base}/examples/retry/failed`],
      ['PUT', `${base}/examples/${jobId}/retry/failed`],
      ['PUT', `${base}/examples/clean/waiting`],
      ['PUT', `${base}/examples/${jobId}/clean`],
      ['PUT', `${base}/examples/promote`],
      ['PUT', `${base}/examples/${jobId}/promote`],
      ['PUT', `${base}/examples/pause`],
      ['PUT', `${base}/pause`],
      ['PUT', `${base}/examples/empty`],
    ];
    for (const [method, url, payload] of writes) {
      const refused = await development.request({ method, url, payload });
      expect(expectErrorEnvelope(refused, 403, 'FORBIDDEN').message, `${method} ${url}`).toBe('Панель очередей доступна только для чтения');
    }

    expect((await examplesQueue()).counts).toEqual(before.counts);
    const job = await development.request({ method: 'GET', url: `${base}/examples/${jobId}` });
    expect(job.statusCode).toBe(200);
    expect(job.json().job.data.message).toBe('kept');
  });
});

describe('production', () => {
  it('puts /metrics and /admin/queues behind HTTP Basic with the configured pairs', async () => {
    const production = await startTestApp({
      shareWith: development,
      env: {
        ...strongProductionEnv(),
        METRICS_USER: 'prom',
        METRICS_PASSWORD: 'scrape-pass',
        QUEUE_BOARD_USER: 'ops',
        QUEUE_BOARD_PASSWORD: 'board-pass',
      },
    });
    try {
      for (const url of ['/metrics', '/admin/queues']) {
        const anonymous = await production.request({ method: 'GET', url });
        expect(anonymous.statusCode, url).toBe(401);
        expect(anonymous.headers['www-authenticate']).toContain('Basic');
        expect(anonymous.json().code).toBe('UNAUTHORIZED');
      }
      expect(
        (await production.request({ method: 'GET', url: '/metrics', headers: { authorization: basic('prom', 'wrong') } })).statusCode,
      ).toBe(401);
      expect(
        (await production.request({ method: 'GET', url: '/metrics', headers: { authorization: basic('ops', 'board-pass') } })).statusCode,
      ).toBe(401);
      expect(
        (await production.request({ method: 'GET', url: '/metrics', headers: { authorization: basic('prom', 'scrape-pass') } })).statusCode,
      ).toBe(200);
      expect(
        (await production.request({ method: 'GET', url: '/admin/queues', headers: { authorization: basic('ops', 'board-pass') } }))
          .statusCode,
      ).toBe(200);
      const add = await production.request({
        method: 'POST',
        url: '/admin/queues/api/queues/autoreply-publish/add',
        headers: { authorization: basic('ops', 'board-pass') },
        payload: { name: 'x', data: {} },
      });
      expectErrorEnvelope(add, 403, 'FORBIDDEN');
      for (const url of disguises('/metrics', '/admin/queues', '/admin/queues/api/queues'))
        expect((await production.request({ method: 'GET', url })).statusCode, url).toBeOneOf([401, 404]);
    } finally {
      await production.close();
    }
  });

  it('does not mount them at all without a configured pair', async () => {
    const production = await startTestApp({ shareWith: development, env: strongProductionEnv() });
    try {
      for (const url of ['/metrics', '/admin/queues']) expect((await production.request({ method: 'GET', url })).statusCode, url).toBe(404);
      expect((await production.request({ method: 'GET', url: '/api/docs' })).statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });

  it('puts /api/docs behind Basic only when API_DOCS_USER and API_DOCS_PASSWORD are set', async () => {
    const production = await startTestApp({
      shareWith: development,
      env: { ...strongProductionEnv(), API_DOCS_USER: 'docs', API_DOCS_PASSWORD: 'docs-pass' },
    });
    try {
      expect((await production.request({ method: 'GET', url: '/api/docs-json' })).statusCode).toBe(401);
      expect(
        (await production.request({ method: 'GET', url: '/api/docs-json', headers: { authorization: basic('docs', 'docs-pass') } }))
          .statusCode,
      ).toBe(200);
      expect(
        (
          await production.request({
            method: 'GET',
            url: '/api/docs/swagger-ui-init.js',
            headers: { authorization: basic('docs', 'docs-pass') },
          })
        ).statusCode,
      ).toBe(200);
      for (const url of disguises('/api/docs-json', '/api/docs', '/api/docs/swagger-ui-init.js'))
        expect((await production.request({ method: 'GET', url })).statusCode, url).toBeOneOf([401, 404]);
    } finally {
      await production.close();
    }
  });
});
