import { randomBytes } from 'node:crypto';

import { freePort, runBuilt, RunningProcess, waitForHttp, waitForOutput } from '../test/support/spawn-service';
import { peakRssMb } from './peak-rss';
import { BENCH_REDIS_URL, databaseUrl, dropBenchData, EMULATOR_MAIN, SERVICE_MAIN } from './service-stack';
import { writeResult } from './support';

/** Spec: Catalog synchronisation schedule, the cap of one sync. */
const CARDS = 100_000;
const TARGET_SECONDS = 60;
const TARGET_RSS_MB = 350;
/** Outbound windows 1 000 times shorter: content 100 per 60 ms, so that tokens never hold the walk back. */
const RATE_TIME_SCALE = 0.001;

async function json<T>(url: string, init: RequestInit = {}, token?: string): Promise<T> {
  const headers = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const response = await fetch(url, { ...init, headers });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function stop(service: RunningProcess): Promise<void> {
  service.child.kill('SIGTERM');
  await service.exited;
}

export async function catalogSyncRun(): Promise<boolean> {
  const emulatorPort = await freePort();
  const apiPort = await freePort();
  const name = `seller_operations_bench_${randomBytes(4).toString('hex')}`;
  const prefix = `bench${randomBytes(4).toString('hex')}`;
  const env = {
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl(name),
    REDIS_URL: BENCH_REDIS_URL,
    REDIS_PREFIX: prefix,
    LOG_LEVEL: 'info',
    MP_API_BASE_URL: `http://127.0.0.1:${emulatorPort}`,
    SCHEDULES_ENABLED: 'false',
  };
  const emulator = runBuilt(EMULATOR_MAIN, { EMULATOR_PORT: String(emulatorPort), EMULATOR_LIMITS: 'off' }, [], true);
  const services: RunningProcess[] = [];
  try {
    await waitForHttp(`http://127.0.0.1:${emulatorPort}/__emulator/faults`);
    const seller = await json<{ token: string }>(`http://127.0.0.1:${emulatorPort}/__emulator/sellers`, {
      method: 'POST',
      body: JSON.stringify({ cards: CARDS, seed: 7 }),
    });
    // The worker migrates the new database; the api starts after it.
    const worker = runBuilt(SERVICE_MAIN, { ...env, APP_ROLE: 'worker', MP_API_RATE_WINDOW_PERCENT: String(RATE_TIME_SCALE * 100) });
    services.push(worker);
    await waitForOutput(worker, /"msg":"started"/, 60_000);
    const api = runBuilt(SERVICE_MAIN, { ...env, APP_ROLE: 'api', PORT: String(apiPort), DB_MIGRATE_ON_START: 'false' }, [], true);
    services.push(api);
    const base = `http://127.0.0.1:${apiPort}`;
    await waitForHttp(`${base}/health`);

    const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
    const password = 'Bench-pass-2026';
    await json(`${base}/auth/register`, { method: 'POST', body: JSON.stringify({ email, password, displayName: 'Bench' }) });
    const { accessToken } = await json<{ accessToken: string }>(`${base}/auth/login`, {
      method: 'POST',
      body: JSON.stringify({ email, password }),
    });
    const startedAt = Date.now();
    const account = await json<{ id: string }>(
      `${base}/mp-accounts`,
      { method: 'POST', body: JSON.stringify({ name: 'Бенчмарк', apiKey: seller.token }) },
      accessToken,
    );
    let status: { state: string; productCount: number; message: string | null; errorMessage: string | null };
    do {
      await new Promise((resolve) => setTimeout(resolve, 250));
      status = await json(`${base}/catalog/sync/status?mpAccountId=${account.id}`, {}, accessToken);
    } while (status.state === 'running' && Date.now() - startedAt < 10 * 60_000);
    const seconds = Math.round((Date.now() - startedAt) / 100) / 10;
    const rssMb = peakRssMb(worker.child.pid!);

    const passed =
      status.state === 'idle' && status.productCount === CARDS && seconds < TARGET_SECONDS && rssMb !== null && rssMb < TARGET_RSS_MB;
    const file = writeResult('catalog-sync', {
      cards: CARDS,
      rateTimeScale: RATE_TIME_SCALE,
      seconds,
      workerPeakRssMb: rssMb,
      status,
      target: { seconds: TARGET_SECONDS, workerPeakRssMb: TARGET_RSS_MB },
      passed,
    });
    console.log(
      `catalog-sync: ${status.productCount} cards in ${seconds} s (target < ${TARGET_SECONDS}), worker peak RSS ${rssMb} MB (target < ${TARGET_RSS_MB}); ${status.message ?? status.errorMessage} -> ${passed ? 'PASS' : 'FAIL'} [${file}]`,
    );
    return passed;
  } finally {
    for (const service of services.reverse()) await stop(service);
    await stop(emulator);
    await dropBenchData(name, prefix);
  }
}
