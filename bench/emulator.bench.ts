import autocannon from 'autocannon';
import { join } from 'node:path';
import { freePort, runBuilt, waitForHttp } from '../test/support/spawn-service';
import { pinToCore, writeResult } from './support';

/** The emulator must never limit the service's own benchmarks: pages per second with limits off, one process. */
const TARGETS = { cardsPagesPerSec: 2000, goodsPagesPerSec: 500 };
const CARDS = 100_000;
const CONNECTIONS = 20;
const DURATION_SEC = 10;

async function pagesPerSecond(options: autocannon.Options): Promise<{ pagesPerSec: number; p99Ms: number; non2xx: number }> {
  await autocannon({ ...options, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ ...options, connections: CONNECTIONS, duration: DURATION_SEC });
  return { pagesPerSec: Math.round(result.requests.average), p99Ms: result.latency.p99, non2xx: result.non2xx };
}

export async function emulatorThroughput(): Promise<boolean> {
  const pinned = pinToCore(process.pid, 1);
  const port = await freePort();
  const emulator = runBuilt(join(__dirname, '..', 'emulator', 'main.js'), { EMULATOR_PORT: String(port), EMULATOR_LIMITS: 'off' }, [], true);
  pinToCore(emulator.child.pid!, 0);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/__emulator/faults`);
    const seller = (await (await fetch(`${url}/__emulator/sellers`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ seed: 1, cards: CARDS }) })).json()) as { token: string };
    const headers = { authorization: seller.token, 'content-type': 'application/json' };
    const cards = await pagesPerSecond({ url: `${url}/content/content/v2/get/cards/list`, method: 'POST', headers, body: JSON.stringify({ settings: { cursor: { limit: 100 } } }) });
    const goods = await pagesPerSecond({ url: `${url}/prices/api/v2/list/goods/filter?limit=1000&offset=50000`, headers });
    const passed = cards.pagesPerSec >= TARGETS.cardsPagesPerSec && goods.pagesPerSec >= TARGETS.goodsPagesPerSec && cards.non2xx + goods.non2xx === 0;
    const file = writeResult('emulator', { cards: CARDS, connections: CONNECTIONS, durationSec: DURATION_SEC, pinned, results: { cards, goods }, targets: TARGETS, passed });
    console.log(`cards list (100 cards a page): ${cards.pagesPerSec} pages/s, p99 ${cards.p99Ms} ms`);
    console.log(`goods filter (1000 goods a page): ${goods.pagesPerSec} pages/s, p99 ${goods.p99Ms} ms`);
    console.log(`emulator: cards ${cards.pagesPerSec} pages/s (target >= ${TARGETS.cardsPagesPerSec}), goods ${goods.pagesPerSec} pages/s (target >= ${TARGETS.goodsPagesPerSec}) -> ${passed ? 'PASS' : 'FAIL'} [${file}]`);
    return passed;
  } finally {
    emulator.child.kill('SIGTERM');
    await emulator.exited;
  }
}
