import autocannon from 'autocannon';

import { freePort, runBuilt, waitForHttp } from '../test/support/spawn-service';
import { EMULATOR_MAIN } from './service-stack';
import { cpuTimeMs, pinToCore, writeResult } from './support';

/**
 * The emulator must never limit the service's own benchmarks: pages per second with limits off, one process on
 * one core. The load generator (autocannon, on the other core) parses every 200 KB page in JavaScript and tops out
 * near the cards target, so the verdict is the emulator's capacity: pages per second of its own CPU time under
 * load. The rate the generator achieved is printed beside it.
 */
const TARGETS = { cardsPagesPerSec: 2000, goodsPagesPerSec: 500 };
const CARDS = 100_000;
const CARDS_PER_PAGE = 100;
const GOODS_PER_PAGE = 1000;
/** A month of orders at 400 a day: one flag=0 answer from a month back holds about 12 000 rows. */
const ORDERS = { ordersPerDay: 400, orderDays: 30 };
const CONNECTIONS = 20;
const DURATION_SEC = 10;

interface Rate {
  /** Pages served per second of wall time, as far as the load generator could ask. */
  pagesPerSec: number;
  /** Pages per second of the emulator's CPU time: what one core of it serves. */
  capacityPagesPerSec: number | null;
  p99Ms: number;
  non2xx: number;
}

interface Walk {
  pages: number;
  pagesPerSec: number;
  /** Request bodies of every page, in order, for the steady-state run. */
  bodies: string[];
}

/** Runs the load over the given requests in turn (every connection takes the next one), after a 2 s warm-up. */
async function pagesPerSecond(
  emulatorPid: number,
  url: string,
  headers: Record<string, string>,
  requests: { method: 'GET' | 'POST'; path: string; body?: string }[],
): Promise<Rate> {
  let next = 0;
  const options: autocannon.Options = {
    url,
    headers,
    connections: CONNECTIONS,
    requests: [{ setupRequest: (request) => ({ ...request, ...requests[next++ % requests.length] }) }],
  };
  await autocannon({ ...options, duration: 2 });
  const cpuBefore = cpuTimeMs(emulatorPid);
  const result = await autocannon({ ...options, duration: DURATION_SEC });
  const cpuAfter = cpuTimeMs(emulatorPid);
  const cpuSec = cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / 1000;
  return {
    pagesPerSec: Math.round(result.requests.average),
    capacityPagesPerSec: cpuSec ? Math.round(result.requests.total / cpuSec) : null,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
  };
}

/** The first read of the whole catalog, page after page with the cursor, as a catalog sync reads it. */
async function walkCards(url: string, headers: Record<string, string>): Promise<Walk> {
  const bodies: string[] = [];
  let cursor: { limit: number; updatedAt?: string; nmID?: number } = { limit: CARDS_PER_PAGE };
  const startedAt = performance.now();
  for (;;) {
    const body = JSON.stringify({ settings: { cursor } });
    bodies.push(body);
    const page = (await (await fetch(`${url}/content/content/v2/get/cards/list`, { method: 'POST', headers, body })).json()) as {
      cursor: { updatedAt: string; nmID: number; total: number };
    };
    if (page.cursor.total < CARDS_PER_PAGE) break;
    cursor = { limit: CARDS_PER_PAGE, updatedAt: page.cursor.updatedAt, nmID: page.cursor.nmID };
  }
  return { pages: bodies.length, pagesPerSec: Math.round(bodies.length / ((performance.now() - startedAt) / 1000)), bodies };
}

export async function emulatorThroughput(): Promise<boolean> {
  const pinned = pinToCore(process.pid, 1);
  const port = await freePort();
  const emulator = runBuilt(EMULATOR_MAIN, { EMULATOR_PORT: String(port), EMULATOR_LIMITS: 'off' }, [], true);
  pinToCore(emulator.child.pid!, 0);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/__emulator/faults`);
    const seller = (await (
      await fetch(`${url}/__emulator/sellers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ seed: 1, cards: CARDS, ...ORDERS }),
      })
    ).json()) as { token: string };
    const headers = { authorization: seller.token, 'content-type': 'application/json' };

    const firstWalk = await walkCards(url, headers);
    const cardsPath = '/content/content/v2/get/cards/list';
    const cards = await pagesPerSecond(
      emulator.child.pid!,
      url,
      headers,
      firstWalk.bodies.map((body) => ({ method: 'POST', path: cardsPath, body })),
    );
    const goodsPages = Array.from({ length: CARDS / GOODS_PER_PAGE }, (_, page) => ({
      method: 'GET' as const,
      path: `/prices/api/v2/list/goods/filter?limit=${GOODS_PER_PAGE}&offset=${page * GOODS_PER_PAGE}`,
    }));
    const goods = await pagesPerSecond(emulator.child.pid!, url, headers, goodsPages);
    const monthAgo = new Date(Date.now() - ORDERS.orderDays * 86_400_000).toISOString().slice(0, 10);
    const orders = await pagesPerSecond(emulator.child.pid!, url, headers, [
      { method: 'GET', path: `/statistics/api/v1/supplier/orders?dateFrom=${monthAgo}&flag=0` },
    ]);

    const served = (rate: Rate) => rate.capacityPagesPerSec ?? rate.pagesPerSec;
    const passed =
      served(cards) >= TARGETS.cardsPagesPerSec &&
      served(goods) >= TARGETS.goodsPagesPerSec &&
      cards.non2xx + goods.non2xx + orders.non2xx === 0;
    const file = writeResult('emulator', {
      cards: CARDS,
      orders: ORDERS,
      connections: CONNECTIONS,
      durationSec: DURATION_SEC,
      pinned,
      results: { firstWalk: { pages: firstWalk.pages, pagesPerSec: firstWalk.pagesPerSec }, cards, goods, orders },
      targets: TARGETS,
      passed,
    });
    console.log(
      `first read of ${CARDS} cards (one connection, cursor after cursor): ${firstWalk.pages} pages at ${firstWalk.pagesPerSec} pages/s`,
    );
    const line = (name: string, rate: Rate) =>
      console.log(
        `${name}: ${served(rate)} pages per emulator CPU-second; ${rate.pagesPerSec} pages/s achieved by the load generator, p99 ${rate.p99Ms} ms`,
      );
    line(`cards list (100 cards a page, ${firstWalk.pages} distinct pages)`, cards);
    line(`goods filter (1000 goods a page, ${goodsPages.length} distinct pages)`, goods);
    line(`orders (flag=0 from ${monthAgo}, about ${ORDERS.ordersPerDay * ORDERS.orderDays} rows a page)`, orders);
    console.log(
      `emulator: cards ${served(cards)} pages/s (target >= ${TARGETS.cardsPagesPerSec}), goods ${served(goods)} pages/s (target >= ${TARGETS.goodsPagesPerSec}) -> ${passed ? 'PASS' : 'FAIL'} [${file}]`,
    );
    return passed;
  } finally {
    emulator.child.kill('SIGTERM');
    await emulator.exited;
  }
}
