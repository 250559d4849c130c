import { randomUUID } from 'node:crypto';
import { join } from 'node:path';

import Redis from 'ioredis';

import { freePort, runBuilt, waitForHttp } from '../test/support/spawn-service';
import { EMULATOR_MAIN } from './service-stack';
import { writeResult } from './support';

/**
 * The prices upload limit, 10 per 6 s, runs ten times faster on both sides (10 per 600 ms), so that 300 uploads
 * take about 18 s: the client must use at least 95 % of the allowed rate and never be answered 429.
 */
const TIME_SCALE = 0.1;
const CALLS = 300;
const ALLOWED_PER_MS = 10 / (6000 * TIME_SCALE);
const TARGET_RATIO = 0.95;
const CALLERS_PER_PROCESS = 4;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

interface CallRecord {
  atMs: number;
  status: number;
}

interface RunResult {
  processes: number;
  calls: number;
  seconds: number;
  ratio: number;
  answered429: number;
  failures: number;
}

async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  return (await (await fetch(url, init)).json()) as T;
}

async function run(emulatorUrl: string, processes: number): Promise<RunResult> {
  const seller = await fetchJson<{ sellerId: string; token: string }>(`${emulatorUrl}/__emulator/sellers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seed: 5, cards: 10 }),
  });
  const prefix = `bench${randomUUID().slice(0, 8)}`;
  const env = {
    NODE_ENV: 'development',
    MP_API_BASE_URL: emulatorUrl,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    LOG_LEVEL: 'silent',
    BENCH_TOKEN: seller.token,
    BENCH_ACCOUNT_ID: randomUUID(),
    BENCH_NM_ID: String(100_000_000 + (5 % 900) * 1_000_000),
    BENCH_CALLS: String(CALLS),
    BENCH_CALLERS: String(CALLERS_PER_PROCESS),
    BENCH_TIME_SCALE: String(TIME_SCALE),
  };
  const workers = Array.from({ length: processes }, () => runBuilt(join(__dirname, 'client-worker.js'), env));
  await Promise.all(workers.map((worker) => worker.exited));
  const failures = workers.reduce(
    (sum, worker) => sum + (JSON.parse(worker.stdout().trim() || '{"failures":-1}') as { failures: number }).failures,
    0,
  );

  const { calls } = await fetchJson<{ calls: CallRecord[] }>(`${emulatorUrl}/__emulator/calls?sellerId=${seller.sellerId}&scope=prices`);
  calls.sort((a, b) => a.atMs - b.atMs);
  const spanMs = calls[calls.length - 1].atMs - calls[0].atMs;
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
  return {
    processes,
    calls: calls.length,
    seconds: Math.round(spanMs / 100) / 10,
    ratio: Math.round(((calls.length - 1) / spanMs / ALLOWED_PER_MS) * 1000) / 1000,
    answered429: calls.filter((call) => call.status === 429).length,
    failures,
  };
}

export async function clientRateUse(): Promise<boolean> {
  const port = await freePort();
  const emulator = runBuilt(EMULATOR_MAIN, { EMULATOR_PORT: String(port), EMULATOR_LIMIT_TIME_SCALE: String(TIME_SCALE) }, [], true);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/__emulator/faults`);
    const results: RunResult[] = [];
    for (const processes of [1, 4]) {
      const result = await run(url, processes);
      results.push(result);
      console.log(
        `${processes} process(es): ${result.calls} uploads in ${result.seconds} s, achieved/allowed ${result.ratio}, 429 answers ${result.answered429}, failed calls ${result.failures}`,
      );
    }
    const passed = results.every(
      (result) => result.ratio >= TARGET_RATIO && result.answered429 === 0 && result.failures === 0 && result.calls === CALLS,
    );
    const file = writeResult('client', {
      calls: CALLS,
      timeScale: TIME_SCALE,
      callersPerProcess: CALLERS_PER_PROCESS,
      results,
      target: { ratio: TARGET_RATIO, answered429: 0 },
      passed,
    });
    console.log(
      `client: ratio ${results.map((result) => result.ratio).join(' / ')} (target >= ${TARGET_RATIO}), 429 ${results.map((result) => result.answered429).join(' / ')} (target 0) -> ${passed ? 'PASS' : 'FAIL'} [${file}]`,
    );
    return passed;
  } finally {
    emulator.child.kill('SIGTERM');
    await emulator.exited;
  }
}
