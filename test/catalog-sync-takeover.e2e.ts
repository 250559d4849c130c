import { existsSync } from 'node:fs';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { buildEmulator } from '../emulator/src/emulator';
import { cardsList } from '../src/marketplace/endpoints/content';
import { callsOf, emulatedAccount, RunningEmulator } from './support/marketplace';
import { BUILT_MAIN, RunningProcess, SHORT_JOB_LOCKS, spawnWorker, waitForOutput } from './support/spawn-service';
import { startTestApp, TestApp } from './support/test-app';

const CARDS_PATH = cardsList.path;
const CARDS = 1500;

/** The cursor of every cards request, in order: the emulator's call log keeps no request bodies. */
interface CursorRecord {
  atMs: number;
  nmID: number | null;
}

describe('a worker killed mid-sync', () => {
  let emulator: RunningEmulator;
  let api: TestApp;
  const cursors: CursorRecord[] = [];
  const workers: RunningProcess[] = [];

  beforeAll(async () => {
    expect(existsSync(BUILT_MAIN), 'run npm run build first').toBe(true);
    const { app, context } = buildEmulator({ limits: false });
    app.addHook('preHandler', async (request) => {
      if (!request.url.endsWith(CARDS_PATH)) return;
      const cursor = (request.body as { settings?: { cursor?: { nmID?: number } } }).settings?.cursor;
      cursors.push({ atMs: Date.now(), nmID: cursor?.nmID ?? null });
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    emulator = { url: `http://127.0.0.1:${port}`, context, close: () => app.close() };
    api = await startTestApp();
  });
  afterAll(async () => {
    for (const worker of workers) worker.child.kill('SIGKILL');
    await Promise.all(workers.map((worker) => worker.exited));
    await api.close();
    await emulator.close();
  });

  function startWorker(): RunningProcess {
    const worker = spawnWorker(api, emulator.url, SHORT_JOB_LOCKS);
    workers.push(worker);
    return worker;
  }

  it(
    'is taken over by another worker, which goes on from the checkpoint without asking for a written page again',
    { timeout: 90_000 },
    async () => {
      const account = await emulatedAccount(api, emulator, { cards: CARDS });
      const first = startWorker();
      await waitForOutput(first, /"msg":"started"/);
      const owner = { authorization: `Bearer ${api.tokenFor('admin')}` };
      const started = await api.request({
        method: 'POST',
        url: '/catalog/sync',
        headers: owner,
        payload: { mpAccountId: account.accountId },
      });
      expect(started.statusCode, started.body).toBe(202);

      await vi.waitFor(() => expect(callsOf(emulator, account.sellerId, 'content', CARDS_PATH).length).toBeGreaterThanOrEqual(5), {
        timeout: 30_000,
        interval: 50,
      });
      first.child.kill('SIGKILL');
      await first.exited;
      const killedAtMs = Date.now();

      const second = startWorker();
      await waitForOutput(second, /"msg":"started"/);
      // BullMQ finds the stalled job once its lock expired, within a stalled interval (seconds here); the job takes
      // its account lease back at once (the same holder), without waiting out the dead worker's 90 s.
      const status = await vi.waitFor(
        async () => {
          const response = await api.request({
            method: 'GET',
            url: `/catalog/sync/status?mpAccountId=${account.accountId}`,
            headers: owner,
          });
          const body = response.json();
          if (body.state === 'running') throw new Error(`still running: ${body.message}`);
          return body;
        },
        { timeout: 60_000, interval: 200 },
      );
      expect(status).toMatchObject({ state: 'idle', productCount: CARDS, errorMessage: null });

      // 15 full pages and the empty one that ends the walk; at most the page in flight at the kill asked twice.
      const seen = new Map<number | null, number>();
      for (const record of cursors) seen.set(record.nmID, (seen.get(record.nmID) ?? 0) + 1);
      const repeated = [...seen.entries()].filter(([, times]) => times > 1);
      expect(repeated.length).toBeLessThanOrEqual(1);
      expect(repeated.every(([, times]) => times === 2)).toBe(true);
      expect(seen.get(null)).toBe(1);
      expect(seen.size).toBe(CARDS / 100 + 1);
      expect(callsOf(emulator, account.sellerId, 'content', CARDS_PATH).length).toBeLessThanOrEqual(CARDS / 100 + 2);
      // The new worker started past the first page: it resumed, not restarted.
      const resumed = cursors.filter((record) => record.atMs > killedAtMs);
      expect(resumed.length).toBeGreaterThan(0);
      expect(resumed[0].nmID).not.toBeNull();
    },
  );
});
