import { accountingBench } from './accounting.bench';
import { autobidderBench } from './autobidder.bench';
import { autoreplyBench } from './autoreply.bench';
import { catalogQuery } from './catalog-query.bench';
import { catalogSyncRun } from './catalog-sync.bench';
import { clientRateUse } from './client.bench';
import { contentBench } from './content.bench';
import { digitizationBench, digitizationReportBench } from './digitization.bench';
import { emulatorThroughput } from './emulator.bench';
import { frameworkOverhead } from './framework-overhead.bench';
import { inventoryBench } from './inventory.bench';
import { pricingBulkPace } from './pricing.bench';
import { repricerEngine } from './repricer.bench';
import { repricerEndToEnd } from './repricer-e2e.bench';
import { rnpMatrixBench } from './rnp-matrix';
import { webBench } from './web.bench';

/** npm run bench -- <name>: runs one benchmark, or all of them without a name. */
const BENCHMARKS: Record<string, () => Promise<boolean>> = {
  'framework-overhead': frameworkOverhead,
  emulator: emulatorThroughput,
  client: clientRateUse,
  'catalog-sync': catalogSyncRun,
  'catalog-query': catalogQuery,
  catalog: async () => {
    const sync = await catalogSyncRun();
    const query = await catalogQuery();
    return sync && query;
  },
  pricing: pricingBulkPace,
  repricer: repricerEngine,
  'repricer-e2e': repricerEndToEnd,
  autoreply: autoreplyBench,
  digitization: digitizationBench,
  'digitization-report': digitizationReportBench,
  autobidder: autobidderBench,
  inventory: inventoryBench,
  accounting: accountingBench,
  'rnp-matrix': rnpMatrixBench,
  content: contentBench,
  web: webBench,
};

async function main(): Promise<void> {
  const requested = process.argv.slice(2);
  const unknown = requested.filter((name) => !BENCHMARKS[name]);
  if (unknown.length) {
    console.error(`Unknown benchmark: ${unknown.join(', ')}. Known: ${Object.keys(BENCHMARKS).join(', ')}`);
    process.exit(2);
  }
  let passed = true;
  for (const name of requested.length ? requested : Object.keys(BENCHMARKS)) passed = (await BENCHMARKS[name]()) && passed;
  process.exit(passed ? 0 : 1);
}

void main();
