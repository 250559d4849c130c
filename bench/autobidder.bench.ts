import { RateRules } from '../src/marketplace/client/rate-rules';
import { adverts, fullstats, promotionCount } from '../src/marketplace/endpoints/advert';
import { EmulatorCall, emulatorCalls, fetchJson, seedAccount, startServiceStack, statusCounts } from './service-stack';
import { writeResult } from './support';
import { workerRun } from './worker-run';

/**
 * The ads module: the bid engine's decisions for 5 000 campaigns of 20 products (under 1 s, peak RSS under 300 MB,
 * each run in a fresh process), and the campaign sync of 5 000 campaigns against the emulator with the real advert
 * limits on both sides, their windows scaled by RATE_TIME_SCALE: within 10 % of the floor the limits set, no 429.
 */
const CAMPAIGNS = 5000;
const PRODUCTS = 20;
const ENGINE_RUNS = 3;
const MAX_DECISION_MS = 1000;
const MAX_PEAK_RSS_MB = 300;
/** fullstats' 1 per 20 s becomes 1 per second: about 88 calls, a floor of some 87 s, against which the sync's fixed costs
 * (the job's start, the count, the details walk competing for the worker at the start, the last group's write) are small. */
const RATE_TIME_SCALE = 0.05;
const MAX_OVER_FLOOR = 0.1;
const SEED = 47;
const CARDS = 100;

interface EngineRun {
  decisionMs: number;
  decisions: number;
  changed: number;
  skipped: number;
  peakRssMb: number;
}

interface SyncStatus {
  state: string;
  result: { campaigns: number; products: number; statsRows: number } | null;
  failedReason: string | null;
  createdAt: string;
  finishedAt: string | null;
}

async function engine(): Promise<{ passed: boolean; runs: EngineRun[] }> {
  const runs: EngineRun[] = [];
  for (let seed = 1; seed <= ENGINE_RUNS; seed++)
    runs.push(
      await workerRun<EngineRun>('autobidder-engine-worker.js', {
        BENCH_SEED: String(seed),
        BENCH_CAMPAIGNS: String(CAMPAIGNS),
        BENCH_PRODUCTS: String(PRODUCTS),
      }),
    );
  for (const run of runs)
    console.log(
      `autobidder engine: ${CAMPAIGNS} campaigns x ${PRODUCTS} products, ${run.decisions} bids: decision ${run.decisionMs.toFixed(0)} ms, ` +
        `${run.changed} changed, ${run.skipped} skipped, peak RSS ${run.peakRssMb} MB`,
    );
  const passed = runs.every((run) => run.decisionMs < MAX_DECISION_MS && run.peakRssMb < MAX_PEAK_RSS_MB);
  return { passed, runs };
}

/** The least time the client's rules allow for these calls: the slowest bucket's (calls beyond its burst, one window share each). */
function rateFloorMs(calls: EmulatorCall[]): number {
  const rules = new RateRules(RATE_TIME_SCALE);
  return Math.max(
    ...[promotionCount.path, adverts.path, fullstats.path].map((path) => {
      const rule = rules.ruleFor('advert', path);
      const count = calls.filter((call) => call.path === path).length;
      return (Math.max(0, count - rule.capacity) * rule.windowMs) / rule.limit;
    }),
  );
}

async function sync(): Promise<{ passed: boolean; result: Record<string, unknown> }> {
  const stack = await startServiceStack('autobidder', RATE_TIME_SCALE);
  try {
    const account = await seedAccount(stack, SEED, CARDS, { campaigns: CAMPAIGNS });
    const { jobId } = await fetchJson<{ jobId: string }>(`${stack.apiUrl}/autobidder/sync`, {
      method: 'POST',
      headers: account.headers,
      body: JSON.stringify({ mpAccountId: account.accountId }),
    });
    let status: SyncStatus;
    for (const started = Date.now(); ;) {
      status = await fetchJson<SyncStatus>(`${stack.apiUrl}/autobidder/sync/status/${jobId}`, { headers: account.headers });
      if (status.state === 'completed' || status.state === 'failed') break;
      if (Date.now() - started > 600_000) throw new Error(`sync ${jobId} not finished in 10 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const calls = await emulatorCalls(stack, account.sellerId, 'advert');
    const ms = Date.parse(status.finishedAt ?? '') - Date.parse(status.createdAt);
    const floorMs = Math.round(rateFloorMs(calls));
    const overFloor = Math.round((ms / floorMs - 1) * 1000) / 1000;
    const statuses = statusCounts(calls);
    const passed = status.state === 'completed' && status.result?.campaigns === CAMPAIGNS && !statuses[429] && overFloor <= MAX_OVER_FLOOR;
    const byPath = Object.fromEntries(
      [promotionCount.path, adverts.path, fullstats.path].map((path) => [path, calls.filter((call) => call.path === path).length]),
    );
    console.log(
      `autobidder sync: ${CAMPAIGNS} campaigns at ${RATE_TIME_SCALE} x the real windows: ${ms} ms against a rate-limit floor of ${floorMs} ms ` +
        `(+${(overFloor * 100).toFixed(1)} %, limit +${MAX_OVER_FLOOR * 100} %), calls ${JSON.stringify(byPath)}, statuses ${JSON.stringify(statuses)}, ` +
        `result ${JSON.stringify(status.result ?? status.failedReason)}`,
    );
    return { passed, result: { ms, floorMs, overFloor, calls: byPath, statuses, job: status.result, failedReason: status.failedReason } };
  } finally {
    await stack.close();
  }
}

export async function autobidderBench(): Promise<boolean> {
  const decisions = await engine();
  const synced = await sync();
  const passed = decisions.passed && synced.passed;
  const file = writeResult('autobidder', {
    engine: { campaigns: CAMPAIGNS, products: PRODUCTS, limits: { decisionMs: MAX_DECISION_MS, peakRssMb: MAX_PEAK_RSS_MB }, ...decisions },
    sync: { campaigns: CAMPAIGNS, rateTimeScale: RATE_TIME_SCALE, maxOverFloor: MAX_OVER_FLOOR, ...synced },
    passed,
  });
  console.log(`autobidder: ${passed ? 'PASS' : 'FAIL'} [${file}]`);
  return passed;
}
