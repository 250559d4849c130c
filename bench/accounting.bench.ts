import { loadavg } from 'node:os';

import { shiftDay } from '../src/common/time/calendar-days';
import { moscowToday } from '../src/common/time/moscow-time';
import { LedgerSeed, seedLedger } from './accounting-seed';
import { measureRnpMatrix } from './rnp-matrix';
import { seedAccount, SeededAccount, ServiceStack, startServiceStack } from './service-stack';
import { writeResult } from './support';
import { percentile, timedRuns } from './timing';

/**
 * Accounting's reads through HTTP against the built api, warm, on one account of 20 000 SKUs with 90 days of ledger
 * (about 2 million rows) and dated cost prices: each measurement is a route requested RUNS times in a row after WARMUP
 * requests, with its p50 and p95 against its target and the machine's load average when it ended. Beside them, the
 * floor: the plain per-SKU sums of the same rows straight from PostgreSQL, what the database alone needs for a P&L by
 * SKU. Then the pulse matrix over data of its own (bench/rnp-matrix.ts).
 */
const SEED = 61;
const SKUS = 20_000;
const DAYS = 90;
const WARMUP = 2;
const RUNS = 10;

/** What every measurement runs against. */
interface AccountingBench {
  stack: ServiceStack;
  account: SeededAccount;
  ledger: LedgerSeed;
}

interface Measurement {
  name: string;
  targetMs: number;
  /** The path to request (query included); its answer is checked by `check`, which throws on a wrong one. */
  path: (bench: AccountingBench) => string;
  check: (body: unknown) => string;
}

interface Measured {
  name: string;
  path: string;
  targetMs: number;
  p50Ms: number;
  p95Ms: number;
  timesMs: number[];
  answer: string;
  /** The machine's load average over the last minute when the measurement ended (2 cores are the reference). */
  load: number;
  passed: boolean;
}

/** The floor's timings: what PostgreSQL alone takes to read the period's rows and sum them per SKU. */
interface Floor {
  statement: string;
  p50Ms: number;
  p95Ms: number;
  timesMs: number[];
  skus: number;
  load: number;
}

const pnlPath = ({ account, ledger }: AccountingBench, query: string) =>
  `/accounting/reports/pnl?mpAccountId=${account.accountId}&dateFrom=${ledger.dateFrom}&dateTo=${ledger.dateTo}&${query}`;

const MEASUREMENTS: Measurement[] = [
  {
    name: 'P&L by SKU, 90 days',
    targetMs: 1000,
    path: (bench) => pnlPath(bench, 'groupBy=nm'),
    check: (body) => {
      const { meta, totals, items } = body as { meta: { total: number }; totals: { revenue: number }; items: { revenue: number }[] };
      if (meta.total !== SKUS || items.length !== 20 || !(totals.revenue > 0)) throw new Error(JSON.stringify(body).slice(0, 300));
      return `${meta.total} SKUs, revenue ${totals.revenue}, first page from ${items[0].revenue}`;
    },
  },
  {
    name: 'Traced figure: a SKU’s cost of goods, 90 days',
    targetMs: 100,
    path: (bench) => pnlPath(bench, `groupBy=nm&key=${bench.account.nmIds[0]}&field=cogs`).replace('/pnl?', '/pnl/trace?'),
    check: (body) => {
      const { meta, figure } = body as { meta: { total: number }; figure: number };
      if (!(meta.total > 0) || !(figure > 0)) throw new Error(JSON.stringify(body).slice(0, 300));
      return `${meta.total} rows, figure ${figure}`;
    },
  },
];

const load = () => Math.round(loadavg()[0] * 100) / 100;

/** WARMUP untimed runs of `run`, then RUNS timed ones: the times in ms, p50 and p95. */
async function timed(run: () => Promise<unknown>): Promise<{ timesMs: number[]; p50Ms: number; p95Ms: number }> {
  const timesMs = await timedRuns(run, WARMUP, RUNS);
  const sorted = [...timesMs].sort((a, b) => a - b);
  return { timesMs, p50Ms: percentile(sorted, 0.5), p95Ms: percentile(sorted, 0.95) };
}

/**
 * The floor of the P&L by SKU: one statement summing the period's rows' amounts and units per SKU, timed from this
 * process like the routes (with JIT off, as the P&L runs).
 */
async function measureFloor({ stack, account, ledger }: AccountingBench): Promise<Floor> {
  const statement =
    'SELECT nm_id, sum(amount), sum(quantity) FROM ledger_transactions WHERE mp_account_id = $1 AND date BETWEEN $2 AND $3 GROUP BY nm_id';
  const client = await stack.db.$client.connect();
  try {
    await client.query('SET jit = off');
    let skus = 0;
    const times = await timed(async () => {
      skus = (await client.query(statement, [account.accountId, ledger.dateFrom, ledger.dateTo])).rowCount ?? 0;
    });
    const floor = { statement, ...times, skus, load: load() };
    console.log(
      `accounting: floor (per-SKU sums straight from PostgreSQL, ${skus} rows): p50 ${floor.p50Ms} ms, p95 ${floor.p95Ms} ms ` +
        `over ${RUNS} warm runs, load ${floor.load}`,
    );
    return floor;
  } finally {
    client.release();
  }
}

async function measure(bench: AccountingBench, measurement: Measurement): Promise<Measured> {
  const path = measurement.path(bench);
  const url = bench.stack.apiUrl + path;
  const request = async () => {
    const response = await fetch(url, { headers: bench.account.headers });
    const body: unknown = await response.json();
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
    return body;
  };
  const answer = measurement.check(await request());
  const { timesMs, p50Ms, p95Ms } = await timed(request);
  const passed = p95Ms < measurement.targetMs;
  const measured = { name: measurement.name, path, targetMs: measurement.targetMs, p50Ms, p95Ms, timesMs, answer, load: load(), passed };
  console.log(
    `accounting: ${measurement.name}: p50 ${p50Ms} ms, p95 ${p95Ms} ms over ${RUNS} warm runs (target < ${measurement.targetMs}), ` +
      `load ${measured.load}; ${answer} -> ${passed ? 'PASS' : 'FAIL'}`,
  );
  return measured;
}

export async function accountingBench(): Promise<boolean> {
  const stack = await startServiceStack('accounting', 1);
  try {
    const account = await seedAccount(stack, SEED, SKUS);
    const ledger = await seedLedger(stack.db, account.accountId, account.nmIds, DAYS, shiftDay(moscowToday(new Date()), -1));
    // As autovacuum leaves the tables after a sync.
    for (const table of ['ledger_transactions', 'product_costs', 'products']) await stack.db.$client.query(`VACUUM ANALYZE ${table}`);
    console.log(
      `accounting seed: ${SKUS} SKUs, ${ledger.ledgerRows} ledger rows over ${DAYS} days (${ledger.dateFrom} to ${ledger.dateTo}), ` +
        `${ledger.costRows} cost prices, in ${ledger.ms} ms`,
    );
    const bench = { stack, account, ledger };
    const measured: Measured[] = [];
    for (const measurement of MEASUREMENTS) measured.push(await measure(bench, measurement));
    const floor = await measureFloor(bench);
    const rnp = await measureRnpMatrix(stack);
    console.log(
      `accounting: pulse matrix, ${rnp.items} items × ${rnp.days} days: p50 ${rnp.ms.p50} ms, p95 ${rnp.ms.p95} ms ` +
        `(target < ${rnp.targetMs}), load ${rnp.load}; ${rnp.cells} cells, ${rnp.bytes} bytes -> ${rnp.passed ? 'PASS' : 'FAIL'}`,
    );
    const passed = measured.every((m) => m.passed) && rnp.passed;
    const file = writeResult('accounting', {
      skus: SKUS,
      days: DAYS,
      seed: ledger,
      warmup: WARMUP,
      runs: RUNS,
      measured,
      floor,
      rnp,
      passed,
    });
    console.log(`accounting: ${passed ? 'PASS' : 'FAIL'} [${file}]`);
    return passed;
  } finally {
    await stack.close();
  }
}
