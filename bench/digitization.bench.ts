import { Sellers } from '../emulator/src/sellers';
import { downloadFeeds } from './feeds-download';
import { copyOrders } from './orders-copy';
import { peakRssMb } from './peak-rss';
import { fetchJson, seedAccount, SeededAccount, ServiceStack, startServiceStack } from './service-stack';
import { writeResult } from './support';

/**
 * 1 001 000 orders of an emulator seller (13 000 a day over 77 days that ended 12 days ago, within the 90 days the orders
 * feed keeps: their sales and returns are all in, so the feeds do not change during the run): written into mp_orders of
 * a bench database by one raw COPY (the baseline), then imported from the emulator through the API for a second account
 * of the same seller (target ≥ 0.3 × COPY's rows per second, worker peak RSS under 400 MB), then imported again (no
 * inserts, under 0.5 × the first import's time). The emulator keeps every row it made serialized, and the pages are
 * downloaded once before the imports, so both imports read them at the same cost; downloaded again after them (and
 * dropped: nothing parsed or written), they give the floor under any import of these pages.
 */
const ORDERS_PER_DAY = 13_000;
const ORDER_DAYS = 77;
const ORDERS_END_DAYS_AGO = 12;
const ROWS = ORDERS_PER_DAY * ORDER_DAYS;
const CARDS = 1000;
const SEED = 31;
/** Outbound windows 1 000 times shorter on both sides: the rate limits never hold an import of this size back. */
const RATE_TIME_SCALE = 0.001;
const TARGET_OF_COPY = 0.3;
const REIMPORT_TARGET_RATIO = 0.5;
const WORKER_RSS_TARGET_MB = 400;
/** Room for every orders and sales row of the seller, serialized (about 1.4 GB). */
const EMULATOR_ITEM_CACHE_MB = 2048;
const DAY_MS = 86_400_000;

interface FeedTotals {
  inserted: number;
  updated: number;
  unchanged: number;
}

interface ImportStatus {
  state: string;
  totals: Partial<Record<'orders' | 'sales', FeedTotals>> | null;
  failedReason: string | null;
}

/** One import of the account's orders and sales through the API, timed from the request to the job's end. */
async function timedImport(stack: ServiceStack, account: SeededAccount, dateFrom: string): Promise<{ ms: number; status: ImportStatus }> {
  const startedAt = Date.now();
  const { jobId } = await fetchJson<{ jobId: string }>(`${stack.apiUrl}/digitization/import`, {
    method: 'POST',
    headers: account.headers,
    body: JSON.stringify({ mpAccountId: account.accountId, dateFrom }),
  });
  for (;;) {
    const status = await fetchJson<ImportStatus>(`${stack.apiUrl}/digitization/import/status/${jobId}`, { headers: account.headers });
    if (status.state === 'completed' || status.state === 'failed') return { ms: Date.now() - startedAt, status };
    if (Date.now() - startedAt > 900_000) throw new Error(`import ${jobId} not finished in 15 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const written = (totals: FeedTotals | undefined) => (totals ? totals.inserted + totals.updated + totals.unchanged : 0);

export async function digitizationBench(): Promise<boolean> {
  const stack = await startServiceStack('digitization', RATE_TIME_SCALE, { EMULATOR_ITEM_CACHE_MB: String(EMULATOR_ITEM_CACHE_MB) });
  try {
    const shape = { ordersPerDay: ORDERS_PER_DAY, orderDays: ORDER_DAYS, ordersEndDaysAgo: ORDERS_END_DAYS_AGO };
    const copyAccount = await seedAccount(stack, SEED, CARDS, shape);
    // The same seller as the emulator's, generated here: its orders are the rows the feed answers.
    const { seller } = new Sellers().create({ seed: SEED, cards: CARDS, ...shape });
    const client = await stack.db.$client.connect();
    const copy = await copyOrders(client, copyAccount.accountId, seller.catalog, seller.orders).finally(() => client.release());
    const importAccount = await seedAccount(stack, SEED, CARDS, shape);
    const dateFrom = new Date(Date.now() - 90 * DAY_MS).toISOString().slice(0, 10);
    const coldDownload = await downloadFeeds(stack.emulatorUrl, importAccount.marketplaceKey, dateFrom);
    const first = await timedImport(stack, importAccount, dateFrom);
    const orders = first.status.totals?.orders;
    const rows = written(orders) + written(first.status.totals?.sales);
    const rowsPerSecond = Math.round(rows / (first.ms / 1000));
    const ofCopy = Math.round((rowsPerSecond / copy.rowsPerSecond) * 1000) / 1000;
    const again = await timedImport(stack, importAccount, dateFrom);
    const download = await downloadFeeds(stack.emulatorUrl, importAccount.marketplaceKey, dateFrom);
    const reimportRatio = Math.round((again.ms / first.ms) * 1000) / 1000;
    const reinserted = (again.status.totals?.orders?.inserted ?? 0) + (again.status.totals?.sales?.inserted ?? 0);
    const workerRssMb = peakRssMb(stack.worker.child.pid!);
    const passed =
      copy.rows === ROWS &&
      first.status.state === 'completed' &&
      orders?.inserted === ROWS &&
      ofCopy >= TARGET_OF_COPY &&
      again.status.state === 'completed' &&
      reinserted === 0 &&
      reimportRatio < REIMPORT_TARGET_RATIO &&
      workerRssMb !== null &&
      workerRssMb < WORKER_RSS_TARGET_MB;
    const result = {
      rows: ROWS,
      copy,
      import: { ms: first.ms, rows, rowsPerSecond, ofCopy, totals: first.status.totals, failedReason: first.status.failedReason },
      reimport: { ms: again.ms, ratio: reimportRatio, totals: again.status.totals },
      coldDownload,
      download: { ...download, ofImport: Math.round((download.ms / first.ms) * 1000) / 1000 },
      workerRssMb,
      target: { ofCopy: TARGET_OF_COPY, reimportRatio: REIMPORT_TARGET_RATIO, workerRssMb: WORKER_RSS_TARGET_MB },
      passed,
    };
    const file = writeResult('digitization', result);
    console.log(
      `digitization: COPY of ${copy.rows} order rows in ${copy.ms} ms (${copy.rowsPerSecond} rows/s); import of ${rows} rows (orders and sales) ` +
        `in ${first.ms} ms, ${rowsPerSecond} rows/s = ${ofCopy} x COPY (target >= ${TARGET_OF_COPY}); re-import ${again.ms} ms = ${reimportRatio} ` +
        `of the first (target < ${REIMPORT_TARGET_RATIO}), ${reinserted} inserted; the bare download of the same ${download.rows} rows ` +
        `${download.ms} ms = ${result.download.ofImport} of the first import; worker peak RSS ${workerRssMb} MB (target < ${WORKER_RSS_TARGET_MB}) ` +
        `-> ${passed ? 'PASS' : 'FAIL'} [${file}]`,
    );
    return passed;
  } finally {
    await stack.close();
  }
}
