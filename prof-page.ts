import { startEmulator } from './emulator/src/emulator';
import { SupplierOrder } from './src/marketplace/endpoints/statistics';
import { jsonArrayBatches } from './src/marketplace/client/json-array-batches';

async function* once(buf: Buffer) { for (let i = 0; i < buf.length; i += 65536) yield buf.subarray(i, i + 65536); }

async function main() {
  const emulator = await startEmulator({ port: 0, limits: false });
  const { token } = emulator.context.sellers.create({ seed: 31, cards: 1000, ordersPerDay: 13000, orderDays: 77, ordersEndDaysAgo: 12 });
  for (let i = 0; i < 4; i++) {
    const dateFrom = new Date(Date.now() - (90 - i * 10) * 86400000).toISOString().slice(0, 10);
    let t = performance.now();
    const res = await fetch(`${emulator.url}/statistics/api/v1/supplier/orders?dateFrom=${dateFrom}&flag=0`, { headers: { Authorization: token.token } });
    const tHead = performance.now() - t;
    const buf = Buffer.from(await res.arrayBuffer());
    const tFetch = performance.now() - t; t = performance.now();
    let n = 0; let tSplit = 0, tDecode = 0, tParse = 0, tCheck = 0;
    let s = performance.now();
    for await (const batch of jsonArrayBatches(once(buf), 2 * 1024 * 1024)) {
      tSplit += performance.now() - s; s = performance.now();
      const text = batch.toString('utf8'); tDecode += performance.now() - s; s = performance.now();
      const items = JSON.parse(text); tParse += performance.now() - s; s = performance.now();
      for (let k = 0; k < items.length; k++) SupplierOrder.check(items[k], 'x');
      tCheck += performance.now() - s;
      n += items.length;
      s = performance.now();
    }
    console.log({ bytes: buf.length, n, tHead: Math.round(tHead), tFetch: Math.round(tFetch), tSplit: Math.round(tSplit), tDecode: Math.round(tDecode), tParse: Math.round(tParse), tCheck: Math.round(tCheck) });
  }
  await emulator.close();
}
main();
