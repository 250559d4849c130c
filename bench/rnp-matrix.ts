import { loadavg } from 'node:os';

import { sql } from 'drizzle-orm';

import { shiftDay } from '../src/common/time/calendar-days';
import { moscowToday } from '../src/common/time/moscow-time';
import { seedAccount, SeededAccount, ServiceStack, startServiceStack } from './service-stack';
import { writeResult } from './support';

/**
 * The pulse matrix's target: 1 000 list items × 30 days through HTTP, warm, under 300 ms. The seeded rows
 * carry every figure (funnel, ads, price, stock, feedback, flags), as a month of refreshes leaves them.
 */
const SEED = 28;
const ITEMS = 1000;
const DAYS = 30;
const TARGET_MS = 300;
const WARMUP = 5;
const RUNS = 30;

export interface RnpMatrixFigures {
  /** The machine's load average over the last minute when the measurement ended (2 cores are the reference). */
  load: number;
  items: number;
  days: number;
  cells: number;
  bytes: number;
  ms: { p50: number; p95: number; max: number };
  targetMs: number;
  passed: boolean;
}

/** A list of the account's 1 000 cards with plans, and each card's rows of the 30 days up to yesterday. */
async function seedPulse(stack: ServiceStack, account: SeededAccount, dateFrom: string, dateTo: string): Promise<string> {
  const { rows } = await stack.db.execute<{ id: string }>(sql`
    INSERT INTO rnp_product_lists (mp_account_id, name) VALUES (${account.accountId}::uuid, 'Пульс') RETURNING id`);
  const listId = rows[0].id;
  await stack.db.execute(sql`
    INSERT INTO rnp_list_items (list_id, nm_id, status, plan_orders_per_day, plan_price, target_drr_pct)
    SELECT ${listId}::uuid, nm_id, 'monitoring', 5 + nm_id % 10, 1000, 12.5 FROM products WHERE mp_account_id = ${account.accountId}::uuid`);
  await stack.db.execute(sql`
    INSERT INTO rnp_daily_rows (mp_account_id, nm_id, day, opens, cart_adds, orders_qty, orders_sum, buyouts_qty, buyouts_sum,
      cancels_qty, cancels_sum, add_to_cart_pct, cart_to_order_pct, buyout_pct, orders_source, ad_spend, ad_views, ad_clicks,
      price, stock, days_of_cover, rating, feedbacks, bad_reviews, flags, version, funnel_updated_at)
    SELECT ${account.accountId}::uuid, p.nm_id, d.day, 200 + h % 300, 40 + h % 50, 3 + h % 9, (3 + h % 9) * 987.65, 2 + h % 5, (2 + h % 5) * 987.65,
      h % 2, (h % 2) * 987.65, 20, 12, 70, 'funnel', (h % 50000) / 100.0, 1000 + h % 2000, 20 + h % 60,
      987.65, h % 400, round((h % 400) / 7.0, 1), 4.5, h % 3, (h % 17 = 0)::int,
      CASE WHEN h % 5 = 0 THEN '{oos_risk,drr_over_target}'::text[] ELSE '{}' END, 1 + h % 2, now()
    FROM products p CROSS JOIN generate_series(${dateFrom}::date, ${dateTo}::date, interval '1 day') d(day)
      CROSS JOIN LATERAL (SELECT abs(hashint8(p.nm_id * 31 + extract(doy FROM d.day)::bigint)) AS h) x
    WHERE p.mp_account_id = ${account.accountId}::uuid`);
  await stack.db.$client.query('VACUUM ANALYZE rnp_daily_rows, rnp_list_items, rnp_product_lists, products');
  return listId;
}

const percentile = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))];

/**
 * Seeds an account of the stack (1 000 cards, a list of them, 30 days of rows) and times GET /rnp/analytics of the list
 * over the 30 days: warm-up requests, then RUNS requests one at a time.
 */
export async function measureRnpMatrix(stack: ServiceStack): Promise<RnpMatrixFigures> {
  const account = await seedAccount(stack, SEED, ITEMS);
  const dateTo = shiftDay(moscowToday(new Date()), -1);
  const dateFrom = shiftDay(dateTo, 1 - DAYS);
  const listId = await seedPulse(stack, account, dateFrom, dateTo);
  const url = `${stack.apiUrl}/rnp/analytics?mpAccountId=${account.accountId}&listId=${listId}&dateFrom=${dateFrom}&dateTo=${dateTo}`;
  const request = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers: account.headers });
    const body = await response.text();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`GET /rnp/analytics answered ${response.status}: ${body.slice(0, 300)}`);
    return { ms, body };
  };
  for (let run = 0; run < WARMUP; run += 1) await request();
  const times: number[] = [];
  let last = '';
  for (let run = 0; run < RUNS; run += 1) {
    const { ms, body } = await request();
    times.push(ms);
    last = body;
  }
  const matrix = JSON.parse(last) as { items: { cells: { period: string[] } }[] };
  const cells = matrix.items.reduce((total, item) => total + item.cells.period.length, 0);
  times.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  const ms = { p50: round(percentile(times, 0.5)), p95: round(percentile(times, 0.95)), max: round(times[times.length - 1]) };
  return {
    load: loadavg()[0],
    items: matrix.items.length,
    days: DAYS,
    cells,
    bytes: Buffer.byteLength(last),
    ms,
    targetMs: TARGET_MS,
    passed: matrix.items.length === ITEMS && cells === ITEMS * DAYS && ms.p95 < TARGET_MS,
  };
}

/** The measurement on a stack of its own (the benchmark's runner, or run directly). */
export async function rnpMatrixBench(): Promise<boolean> {
  const stack = await startServiceStack('rnp', 1);
  try {
    const figures = await measureRnpMatrix(stack);
    console.log(`rnp matrix: ${JSON.stringify(figures)}`);
    console.log(`result: ${writeResult('rnp-matrix', figures)}`);
    return figures.passed;
  } finally {
    await stack.close();
  }
}
