import { count, eq } from 'drizzle-orm';

import { Sellers } from '../emulator/src/sellers';
import { realisationReportRows } from '../src/database/schema';
import { downloadFeeds } from './feeds-download';
import { copyOrders } from './orders-copy';
import { peakRssMb } from './peak-rss';
import { emulatorCalls, fetchJson, seedAccount, SeededAccount, ServiceStack, startServiceStack, statusCounts } from './service-stack';
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
/** The longest an import may take here before the bench gives up on it. */
const IMPORT_TIMEOUT_MS = 30 * 60_000;

interface FeedTotals {
  inserted: number;
  updated: number;
  unchanged: number;
}

interface ImportStatus {
  state: string;
  totals: Partial<Record<'orders' | 'sales' | 'report', FeedTotals>> | null;
  failedReason: string | null;
}

/** One import started through the API, timed from the request to the job's end. */
async function timedImport(
  stack: ServiceStack,
  account: SeededAccount,
  path: string,
  body: Record<string, string>,
): Promise<{ ms: number; status: ImportStatus }> {
  const startedAt = Date.now();
  const { jobId } = await fetchJson<{ jobId: string }>(`${stack.apiUrl}${path}`, {
    method: 'POST',
    headers: account.headers,
    body: JSON.stringify({ mpAccountId: account.accountId, ...body }),
  });
  for (;;) {
    const status = await fetchJson<ImportStatus>(`${stack.apiUrl}/digitization/import/status/${jobId}`, { headers: account.headers });
    if (status.state === 'completed' || status.state === 'failed') return { ms: Date.now() - startedAt, status };
    if (Date.now() - startedAt > IMPORT_TIMEOUT_MS)
      throw new Error(`import ${jobId} not finished in ${IMPORT_TIMEOUT_MS / 60_000} minutes`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** An import of the account's orders and sales changed since dateFrom. */
const feedsImport = (stack: ServiceStack, account: SeededAccount, dateFrom: string) =>
  timedImport(stack, account, '/digitization/import', { dateFrom });

const written = (totals: FeedTotals | undefined) => (totals ? totals.inserted + totals.updated + totals.unchanged : 0);

async function digitizationFeedsBench(): Promise<boolean> {
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
    const first = await feedsImport(stack, importAccount, dateFrom);
    const orders = first.status.totals?.orders;
    const rows = written(orders) + written(first.status.totals?.sales);
    const rowsPerSecond = Math.round(rows / (first.ms / 1000));
    const ofCopy = Math.round((rowsPerSecond / copy.rowsPerSecond) * 1000) / 1000;
    const again = await feedsImport(stack, importAccount, dateFrom);
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

/**
 * The realisation report of a seller with 500 000 rows in one period (14 500 orders a day over 36 days that ended 12
 * days ago: every sale and return is in, about 515 000 rows), imported through POST /digitization/financial-report/import
 * by a fresh worker process in pages of the default REPORT_PAGE_ROWS, outbound windows 1 000 times shorter (the call's
 * 1 a minute is 1 per 60 ms). Prints the time, the pages and the size of one, and the worker's peak RSS.
 */
const REPORT_SELLER = { ordersPerDay: 14_500, orderDays: 36, ordersEndDaysAgo: 12 };
const REPORT_SEED = 37;
const REPORT_ROWS_TARGET = 500_000;
/** The service's default page (REPORT_PAGE_ROWS), which the stack leaves as it is. */
const REPORT_PAGE_ROWS = 10_000;
const REPORT_PATH = '/finance/api/finance/v1/sales-reports/detailed';

/** The size of one full page as the emulator answers it, to set beside the 64 MB body cap. */
async function pageBytes(stack: ServiceStack, account: SeededAccount, period: Record<string, string>): Promise<number> {
  const answer = await fetch(`${stack.emulatorUrl}${REPORT_PATH}`, {
    method: 'POST',
    headers: { Authorization: account.marketplaceKey, 'content-type': 'application/json' },
    body: JSON.stringify({ ...period, limit: REPORT_PAGE_ROWS, rrdId: 0 }),
  });
  return (await answer.arrayBuffer()).byteLength;
}

export async function digitizationReportBench(): Promise<boolean> {
  const stack = await startServiceStack('digitization-report', RATE_TIME_SCALE);
  try {
    const account = await seedAccount(stack, REPORT_SEED, CARDS, REPORT_SELLER);
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);
    const period = { dateFrom: day(REPORT_SELLER.orderDays + REPORT_SELLER.ordersEndDaysAgo), dateTo: day(0) };
    const imported = await timedImport(stack, account, '/digitization/financial-report/import', period);
    const [{ rows }] = await stack.db
      .select({ rows: count() })
      .from(realisationReportRows)
      .where(eq(realisationReportRows.mpAccountId, account.accountId));
    const workerRssMb = peakRssMb(stack.worker.child.pid!);
    const calls = await emulatorCalls(stack, account.sellerId, 'finance');
    const pages = Math.ceil(rows / REPORT_PAGE_ROWS);
    const onePageBytes = await pageBytes(stack, account, period);
    const rowsPerSecond = Math.round(rows / (imported.ms / 1000));
    const passed =
      imported.status.state === 'completed' &&
      imported.status.totals?.report?.inserted === rows &&
      rows >= REPORT_ROWS_TARGET &&
      calls.length === pages + 1 &&
      calls.every((call, index) => call.status === (index < pages ? 200 : 204)) &&
      workerRssMb !== null &&
      workerRssMb < WORKER_RSS_TARGET_MB;
    const result = {
      rows,
      ms: imported.ms,
      rowsPerSecond,
      pageRows: REPORT_PAGE_ROWS,
      pages,
      calls: statusCounts(calls),
      pageBytes: onePageBytes,
      totals: imported.status.totals,
      failedReason: imported.status.failedReason,
      workerRssMb,
      target: { rows: REPORT_ROWS_TARGET, workerRssMb: WORKER_RSS_TARGET_MB },
      passed,
    };
    const file = writeResult('digitization-report', result);
    console.log(
      `digitization-report: realisation report of ${rows} rows in ${pages} pages of ${REPORT_PAGE_ROWS} ` +
        `(one page ${(onePageBytes / 1024 / 1024).toFixed(1)} MB) imported in ${imported.ms} ms, ${rowsPerSecond} rows/s; ` +
        `worker peak RSS ${workerRssMb} MB (target < ${WORKER_RSS_TARGET_MB}) -> ${passed ? 'PASS' : 'FAIL'} [${file}]`,
    );
    return passed;
  } finally {
    await stack.close();
  }
}

/** The feeds, then the report, each with a worker of its own. */
export async function digitizationBench(): Promise<boolean> {
  const feeds = await digitizationFeedsBench();
  const report = await digitizationReportBench();
  return feeds && report;
}
