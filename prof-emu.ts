import { startEmulator } from './emulator/src/emulator';

async function main() {
  const emulator = await startEmulator({ port: 0, limits: false });
  const { token } = emulator.context.sellers.create({ seed: 31, cards: 1000, ordersPerDay: 13000, orderDays: 77, ordersEndDaysAgo: 12 });
  const dateFrom = new Date(Date.now() - 60 * 86400000).toISOString().slice(0, 10);
  for (let i = 0; i < 4; i++) {
    const t = performance.now();
    const res = await fetch(`${emulator.url}/statistics/api/v1/supplier/orders?dateFrom=${dateFrom}&flag=0`, { headers: { Authorization: token.token } });
    const tHead = performance.now() - t;
    const buf = Buffer.from(await res.arrayBuffer());
    console.log(i, buf.length, Math.round(tHead), Math.round(performance.now() - t));
  }
  await emulator.close();
}
main();
