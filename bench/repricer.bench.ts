import { writeResult } from './support';
import { workerRun } from './worker-run';

/** The repricer engine alone, apart from the upload: 100 000 products, 500 rules, 10 % of them lists of 1 000 ids. */
const PRODUCTS = 100_000;
const RULES = 500;
const RUNS = 3;
const MAX_DECISION_MS = 2_000;
const MAX_PEAK_RSS_MB = 300;

interface EngineRun {
  decisionMs: number;
  changed: number;
  skipped: number;
  peakRssMb: number;
}

/** Each run in a fresh process, so that its peak RSS is the engine's and its timing starts cold. */
function engineRun(seed: number): Promise<EngineRun> {
  return workerRun<EngineRun>('repricer-engine-worker.js', {
    BENCH_SEED: String(seed),
    BENCH_PRODUCTS: String(PRODUCTS),
    BENCH_RULES: String(RULES),
  });
}

export async function repricerEngine(): Promise<boolean> {
  const runs: EngineRun[] = [];
  for (let seed = 1; seed <= RUNS; seed++) runs.push(await engineRun(seed));
  const worstMs = Math.max(...runs.map((run) => run.decisionMs));
  const worstRssMb = Math.max(...runs.map((run) => run.peakRssMb));
  const passed = worstMs < MAX_DECISION_MS && worstRssMb < MAX_PEAK_RSS_MB;
  for (const run of runs) {
    console.log(
      `repricer: ${PRODUCTS} products, ${RULES} rules: decision ${run.decisionMs.toFixed(0)} ms (${Math.round((PRODUCTS * 1000) / run.decisionMs)} products/s), ` +
        `${run.changed} changed, ${run.skipped} skipped, peak RSS ${run.peakRssMb} MB`,
    );
  }
  console.log(
    `repricer: worst decision ${worstMs.toFixed(0)} ms (limit ${MAX_DECISION_MS}), worst peak RSS ${worstRssMb} MB (limit ${MAX_PEAK_RSS_MB}): ${passed ? 'PASS' : 'FAIL'}`,
  );
  const file = writeResult('repricer', {
    products: PRODUCTS,
    rules: RULES,
    limits: { decisionMs: MAX_DECISION_MS, peakRssMb: MAX_PEAK_RSS_MB },
    runs,
    passed,
  });
  console.log(`repricer: result ${file}`);
  return passed;
}
