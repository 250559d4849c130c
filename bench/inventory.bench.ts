import { sql } from 'drizzle-orm';

import { Sellers } from '../emulator/src/sellers';
import { shiftDay } from '../src/common/time/calendar-days';
import { moscowToday } from '../src/common/time/moscow-time';
import { sellerStocks, sellerWarehouses, stocksReport, warehouseRemainsStatus } from '../src/marketplace/endpoints/stock';
import { VELOCITY_DAYS } from '../src/modules/inventory/planning/stock-velocity';
import { inventorySyncFloor } from './inventory-floor';
import { seedStockHistory, sellerCatalogInsert } from './inventory-seed';
import { copyOrders } from './orders-copy';
import { peakRssMb } from './peak-rss';
import { emulatorCalls, fetchJson, seedAccount, SeededAccount, ServiceStack, startServiceStack, statusCounts } from './service-stack';
import { loadAlternating, pinToCore, writeResult } from './support';

/**
 * One stock sync of an emulator seller of 20 000 cards (about 50 000 sizes in 6 marketplace and 2 seller warehouses:
 * some 200 000 size × warehouse rows, 109 000 SKU × warehouse pairs) over 28 earlier daily snapshots and 28 days of
 * orders, against the marketplace's own limits on both sides (no scaling: the floor is well under a minute), then
 * GET /inventory/stocks sorted by days of cover on its 20 000 SKUs.
 */
const SEED = 53;
const CARDS = 20_000;
/** About 7 orders a priced card over the 28 days velocity reads. */
const ORDERS_PER_DAY = 5000;
const RATE_TIME_SCALE = 1;
/** The remains task answers `processing` once, then done (the emulator's default for a seller's first task). */
const REMAINS_PROCESSING = 1;
const TARGET_RATIO = 1.1;
const TARGET_RSS_MB = 350;
const TARGET_P99_MS = 100;
/** Share of the route's measured throughput offered at a fixed rate for the latency target. */
const OFFERED_SHARE = 0.5;
const LOAD = { connections: 50, totalSec: 10, roundSec: 2, warmupSec: 3 };
const SERVER_CORE = 0;
const LOAD_CORE = 1;
/** Pages of 20 in both directions, the first and further ones, down to the 2 000th SKU. */
const PAGES = [1, 2, 10, 100];
const SYNC_TIMEOUT_MS = 10 * 60_000;

interface SyncStatus {
  state: string;
  progress: { phase: string; message: string; attempt: number } | null;
  result: Record<string, unknown> | null;
  failedReason: string | null;
  finishedAt: string | null;
}

async function vacuumAnalyze(stack: ServiceStack, tables: string[]): Promise<void> {
  for (const table of tables) await stack.db.$client.query(`VACUUM ANALYZE ${table}`);
}

/** The catalog, 28 days of orders (COPY) and of snapshots before today, and the emulator seller behind the account. */
async function seed(stack: ServiceStack) {
  const shape = { ordersPerDay: ORDERS_PER_DAY, orderDays: VELOCITY_DAYS + 1 };
  // The same seller as the emulator's, generated here: its cards, stock and orders are the ones the marketplace answers.
  const { seller } = new Sellers().create({ seed: SEED, cards: CARDS, ...shape });
  const account = await seedAccount(stack, SEED, CARDS, shape, sellerCatalogInsert(seller.catalog));
  const client = await stack.db.$client.connect();
  const orders = await copyOrders(client, account.accountId, seller.catalog, seller.orders).finally(() => client.release());
  const today = moscowToday(new Date());
  const days = Array.from({ length: VELOCITY_DAYS }, (_, index) => shiftDay(today, index - VELOCITY_DAYS));
  const snapshotRows = await seedStockHistory(stack.db, account.accountId, seller.catalog, days);
  // Earlier days' rows have long been vacuumed and analysed by autovacuum.
  await vacuumAnalyze(stack, ['products', 'mp_orders', 'inventory_snapshots', 'inventory_snapshot_rows']);
  await fetchJson(`${stack.emulatorUrl}/__emulator/sellers/${account.sellerId}/stock/remains-tasks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tasks: [{ processing: REMAINS_PROCESSING, end: 'done' }] }),
  });
  return { account, orders, snapshotRows };
}

/** The sync timed from its request to its end, with every pause it reported (a delay, a retry) and when. */
async function timedSync(
  stack: ServiceStack,
  account: SeededAccount,
): Promise<{ ms: number; startedAt: number; status: SyncStatus; pauses: string[] }> {
  const startedAt = Date.now();
  const { jobId } = await fetchJson<{ jobId: string }>(`${stack.apiUrl}/inventory/sync`, {
    method: 'POST',
    headers: account.headers,
    body: JSON.stringify({ mpAccountId: account.accountId }),
  });
  const pauses: string[] = [];
  for (;;) {
    const status = await fetchJson<SyncStatus>(`${stack.apiUrl}/inventory/sync/status/${jobId}`, { headers: account.headers });
    const { phase, message, attempt } = status.progress ?? { phase: 'running', message: '', attempt: 1 };
    const pause = `${phase} (attempt ${attempt}): ${message}`;
    if (phase !== 'running' && phase !== 'completed' && !pauses.some((seen) => seen.endsWith(pause)))
      pauses.push(`at ${Date.now() - startedAt} ms ${pause}`);
    if (status.state === 'completed' || status.state === 'failed')
      return { ms: Date.parse(status.finishedAt ?? '') - startedAt, startedAt, status, pauses };
    if (Date.now() - startedAt > SYNC_TIMEOUT_MS) throw new Error(`inventory sync ${jobId} not finished in 10 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** What the sync left: stock rows, SKU × warehouse pairs, SKUs with a velocity above 0. */
async function written(stack: ServiceStack, accountId: string) {
  const { rows } = await stack.db.execute<{
    rows: number;
    pairs: number;
    skus: number;
    covers: number;
    selling: number;
    sizes: number;
  }>(sql`
    SELECT (SELECT count(*) FROM inventory_stocks WHERE mp_account_id = ${accountId}::uuid)::int AS rows,
      (SELECT count(DISTINCT (nm_id, warehouse_kind, warehouse_id)) FROM inventory_stocks WHERE mp_account_id = ${accountId}::uuid)::int AS pairs,
      (SELECT count(DISTINCT nm_id) FROM inventory_stocks WHERE mp_account_id = ${accountId}::uuid)::int AS skus,
      (SELECT count(*) FROM inventory_cover WHERE mp_account_id = ${accountId}::uuid)::int AS covers,
      (SELECT count(*) FROM inventory_cover WHERE mp_account_id = ${accountId}::uuid AND velocity_per_day > 0)::int AS selling,
      (SELECT sum(jsonb_array_length(sizes)) FROM products WHERE mp_account_id = ${accountId}::uuid)::int AS sizes`);
  return rows[0];
}

async function sync(stack: ServiceStack, account: SeededAccount) {
  const { ms, startedAt, status, pauses } = await timedSync(stack, account);
  const workerRssMb = peakRssMb(stack.worker.child.pid!);
  const counts = await written(stack, account.accountId);
  const calls = [
    ...(await emulatorCalls(stack, account.sellerId, 'analytics')),
    ...(await emulatorCalls(stack, account.sellerId, 'marketplace')),
  ].sort((a, b) => a.atMs - b.atMs);
  const byPath = Object.fromEntries(
    [...new Set(calls.map((call) => call.path))].map((path) => [path, calls.filter((c) => c.path === path).length]),
  );
  const floor = inventorySyncFloor(RATE_TIME_SCALE, {
    remainsPolls: REMAINS_PROCESSING + 1,
    stockReportRows: counts.sizes,
    sizes: counts.sizes,
    sellerWarehouses: 2,
  });
  const made = {
    remains: calls.filter((call) => call.path.startsWith('/api/v1/warehouse_remains')).length,
    remainsPolls: byPath[warehouseRemainsStatus.path] ?? 0,
    stockReport: byPath[stocksReport.path] ?? 0,
    seller: (byPath[sellerWarehouses.path] ?? 0) + (byPath[sellerStocks.path] ?? 0),
  };
  const ratio = Math.round((ms / floor.totalMs) * 1000) / 1000;
  const statuses = statusCounts(calls);
  // After the last call: the last writes, the day's snapshot, every SKU's cover and the alerts.
  const afterLastCallMs = calls.length ? Math.round(startedAt + ms - calls[calls.length - 1].atMs) : null;
  const passed =
    status.state === 'completed' &&
    counts.covers === CARDS &&
    made.remains === floor.remains.calls &&
    made.stockReport === floor.stockReport.calls &&
    made.seller === floor.seller.calls &&
    !statuses[429] &&
    ratio <= TARGET_RATIO &&
    workerRssMb !== null &&
    workerRssMb < TARGET_RSS_MB;
  console.log(
    `inventory sync: ${counts.rows} size x warehouse rows (${counts.pairs} SKU x warehouse pairs, ${counts.skus} SKUs in stock, ${counts.sizes} sizes), ` +
      `${counts.covers} covers, ${counts.selling} SKUs selling; ${ms} ms against a rate-limit floor of ${floor.totalMs} ms ` +
      `(remains ${Math.round(floor.remains.ms)}, stocks report ${Math.round(floor.stockReport.ms)}, seller warehouses ${Math.round(floor.seller.ms)}): ` +
      `ratio ${ratio} (target <= ${TARGET_RATIO}); after the last call ${afterLastCallMs} ms; calls ${JSON.stringify(made)} ` +
      `(needed ${floor.remains.calls}/${floor.stockReport.calls}/${floor.seller.calls}), statuses ${JSON.stringify(statuses)}; ` +
      `worker peak RSS ${workerRssMb} MB (target < ${TARGET_RSS_MB}); pauses: ${pauses.length ? pauses.join('; ') : 'none'} -> ${passed ? 'PASS' : 'FAIL'}`,
  );
  return {
    passed,
    result: {
      ms,
      floor,
      ratio,
      afterLastCallMs,
      pauses,
      counts,
      calls: byPath,
      statuses,
      workerRssMb,
      job: status.result,
      failedReason: status.failedReason,
    },
  };
}

/** The route's throughput at 50 connections, then its latency at a fixed rate of half of it. */
async function stocksList(stack: ServiceStack, account: SeededAccount) {
  // As autovacuum leaves the tables a minute after a sync.
  await vacuumAnalyze(stack, ['inventory_cover', 'inventory_stocks', 'inventory_in_way']);
  const pinned = pinToCore(stack.api.child.pid!, SERVER_CORE) && pinToCore(process.pid, LOAD_CORE);
  const paths = ['asc', 'desc'].flatMap((direction) =>
    PAGES.map(
      (page) => `/inventory/stocks?mpAccountId=${account.accountId}&sortBy=daysOfCover&sortDirection=${direction}&page=${page}&limit=20`,
    ),
  );
  const first = await fetchJson<{ items: { daysOfCover: number | null }[]; meta: { total: number } }>(stack.apiUrl + paths[0], {
    headers: account.headers,
  });
  const covers = first.items.map((item) => item.daysOfCover);
  if (first.meta.total !== CARDS || covers.some((cover, index) => index > 0 && (cover ?? Infinity) < (covers[index - 1] ?? Infinity)))
    throw new Error(`GET /inventory/stocks: ${JSON.stringify(first).slice(0, 300)}`);
  const target = { url: stack.apiUrl, pid: stack.api.child.pid!, headers: { authorization: account.headers.authorization }, paths };
  const [capacity] = await loadAlternating([target], LOAD);
  const overallRate = Math.max(1, Math.round(capacity.requestsPerSecond * OFFERED_SHARE));
  const [atRate] = await loadAlternating([target], { ...LOAD, overallRate });
  const clean = capacity.non2xx === 0 && capacity.errors === 0 && atRate.non2xx === 0 && atRate.errors === 0;
  const passed = clean && atRate.p99Ms < TARGET_P99_MS;
  console.log(
    `inventory stocks: ${pinned ? `api on core ${SERVER_CORE}, load on ${LOAD_CORE}` : 'not pinned'}; GET /inventory/stocks sortBy=daysOfCover ` +
      `(${CARDS} SKUs, pages ${PAGES.join('/')} of 20 both ways): ${capacity.requestsPerSecond} req/s at ${LOAD.connections} connections ` +
      `(p50 ${capacity.p50Ms} ms, p99 ${capacity.p99Ms} ms, ${capacity.cpuMicrosPerRequest} µs api CPU per request); offered ${overallRate} req/s: ` +
      `p50 ${atRate.p50Ms} ms, p99 ${atRate.p99Ms} ms (target < ${TARGET_P99_MS}), non-2xx ${capacity.non2xx + atRate.non2xx} -> ${passed ? 'PASS' : 'FAIL'}`,
  );
  return { passed, result: { load: LOAD, pinned, paths: paths.length, capacity, overallRate, atRate } };
}

export async function inventoryBench(): Promise<boolean> {
  const stack = await startServiceStack('inventory', RATE_TIME_SCALE);
  try {
    const seeded = await seed(stack);
    console.log(
      `inventory seed: ${CARDS} cards, ${seeded.orders.rows} orders over ${VELOCITY_DAYS + 1} days (COPY ${seeded.orders.ms} ms), ` +
        `${seeded.snapshotRows} snapshot rows over ${VELOCITY_DAYS} days`,
    );
    const synced = await sync(stack, seeded.account);
    const list = await stocksList(stack, seeded.account);
    const passed = synced.passed && list.passed;
    const file = writeResult('inventory', {
      cards: CARDS,
      rateTimeScale: RATE_TIME_SCALE,
      seed: { orders: seeded.orders, snapshotRows: seeded.snapshotRows },
      sync: synced.result,
      stocks: list.result,
      target: { ratio: TARGET_RATIO, workerPeakRssMb: TARGET_RSS_MB, p99Ms: TARGET_P99_MS, offeredShare: OFFERED_SHARE },
      passed,
    });
    console.log(`inventory: ${passed ? 'PASS' : 'FAIL'} [${file}]`);
    return passed;
  } finally {
    await stack.close();
  }
}
