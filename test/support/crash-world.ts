import { afterAll, beforeAll } from 'vitest';

import { RunningEmulator, startEmulator } from './marketplace';
import { RunningProcess, SHORT_JOB_LOCKS, spawnWorker } from './spawn-service';
import { startTestApp, TestApp } from './test-app';

/**
 * A worker killed with SIGKILL leaves its job locked until the lock expires (5 s here); BullMQ's stalled check then
 * gives it to another worker, which can take up to two check intervals more.
 */
export const RESUME_TIMEOUT_MS = 60_000;

/** A file's emulator (limits off), the service in the api role, and the worker processes it spawns to kill. */
export interface CrashWorld {
  emulator: RunningEmulator;
  api: TestApp;
  /** A built worker process beside the api, with short job locks and `env`. */
  startWorker(): RunningProcess;
}

/**
 * Starts the file's world before its tests and stops it after, killing every worker it started. The jobs run only in
 * the spawned workers, so a test decides when one dies. `env` goes to the api and every worker.
 */
export function crashWorldForFile(assign: (world: CrashWorld) => void, env: Record<string, string> = {}): void {
  let emulator: RunningEmulator | undefined;
  let api: TestApp | undefined;
  const workers: RunningProcess[] = [];
  beforeAll(async () => {
    const started = await startEmulator({ port: 0, limits: false });
    const app = await startTestApp({ env: { MP_API_BASE_URL: started.url, ...env } });
    emulator = started;
    api = app;
    assign({
      emulator: started,
      api: app,
      startWorker: () => {
        const worker = spawnWorker(app, started.url, { ...env, ...SHORT_JOB_LOCKS });
        workers.push(worker);
        return worker;
      },
    });
  });
  afterAll(async () => {
    for (const worker of workers) worker.child.kill('SIGKILL');
    await Promise.all(workers.map((worker) => worker.exited));
    await api?.close();
    await emulator?.close();
  });
}
