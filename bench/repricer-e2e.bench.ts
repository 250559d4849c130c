import { and, count, eq } from 'drizzle-orm';

import * as schema from '../src/database/schema';
import { peakRssMb } from './peak-rss';
import { emulatorCalls, seedAccount, startServiceStack, statusCounts } from './service-stack';
import { writeResult } from './support';

/**
 * One manual POST /repricer/run over an account of 100 000 products whose always-rules change every price by +1
 * rouble. A manual run fires only sku and list rules (spec: Engine rules 4, 5) and a list names at most 1 000
 * products, so the rule is spread over 100 list rules. 100 uploads of 1 000 at the prices limit (10 per 6 s), run
 * four times faster on both sides: the floor is 100 uploads at 10 per 1.5 s, 15 s. Targets: the answer within
 * 1.1 × the floor, every history row and snapshot written, and the api (the process that runs a manual run) under
 * 400 MB peak RSS.
 */
const TIME_SCALE = 0.25;
const PRODUCTS = 100_000;
const UPLOADS = PRODUCTS / 1000;
const LIST_SIZE = 1000;
const FLOOR_MS = (UPLOADS / 10) * 6000 * TIME_SCALE;
const TARGET_RATIO = 1.1;
const TARGET_RSS_MB = 400;
const SEED = 12;
const START_PRICE = 1000;

export async function repricerEndToEnd(): Promise<boolean> {
  const stack = await startServiceStack('repricer', TIME_SCALE);
  try {
    const { sellerId, accountId, nmIds, headers } = await seedAccount(stack, SEED, PRODUCTS);
    const rules = [];
    for (let start = 0; start < nmIds.length; start += LIST_SIZE) {
      rules.push({
        mpAccountId: accountId,
        name: `Всем +1 (${start / LIST_SIZE + 1})`,
        conditionMetric: 'stock_days' as const,
        conditionOperator: 'always' as const,
        actionType: 'absolute' as const,
        actionValue: '1',
        scope: 'list' as const,
        scopeValue: JSON.stringify(nmIds.slice(start, start + LIST_SIZE)),
      });
    }
    await stack.db.insert(schema.repricerRules).values(rules);
    const rssBeforeMb = peakRssMb(stack.api.child.pid!);

    const startedAt = Date.now();
    const answer = await fetch(`${stack.apiUrl}/repricer/run`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ mpAccountId: accountId }),
    });
    const totalMs = Date.now() - startedAt;
    const body = (await answer.json()) as { runId?: string; outcome?: string; changed?: number };
    const rssMb = peakRssMb(stack.api.child.pid!);

    const history = schema.priceHistory;
    const [{ historyRows }] = await stack.db
      .select({ historyRows: count() })
      .from(history)
      .where(and(eq(history.mpAccountId, accountId), eq(history.source, 'repricer'), eq(history.newPrice, START_PRICE + 1)));
    const products = schema.products;
    const [{ snapshots }] = await stack.db
      .select({ snapshots: count() })
      .from(products)
      .where(and(eq(products.mpAccountId, accountId), eq(products.price, START_PRICE + 1)));
    const calls = await emulatorCalls(stack, sellerId, 'prices');
    const statuses = statusCounts(calls);
    // Before the first upload: reading the catalog and deciding; after the last: recording it and answering.
    const firstUploadAfterMs = calls.length ? Math.round(calls[0].atMs - startedAt) : null;
    const uploadSpanMs = calls.length ? Math.round(calls[calls.length - 1].atMs - calls[0].atMs) : null;
    const ratio = Math.round((totalMs / FLOOR_MS) * 1000) / 1000;
    const passed =
      answer.status === 200 &&
      body.outcome === 'success' &&
      body.changed === PRODUCTS &&
      historyRows === PRODUCTS &&
      snapshots === PRODUCTS &&
      calls.length === UPLOADS &&
      ratio <= TARGET_RATIO &&
      rssMb !== null &&
      rssMb < TARGET_RSS_MB;
    const result = {
      products: PRODUCTS,
      timeScale: TIME_SCALE,
      floorMs: FLOOR_MS,
      totalMs,
      firstUploadAfterMs,
      uploadSpanMs,
      ratio,
      status: answer.status,
      outcome: body.outcome,
      changed: body.changed,
      historyRows,
      snapshots,
      uploads: calls.length,
      statuses,
      apiPeakRssMb: rssMb,
      apiPeakRssBeforeRunMb: rssBeforeMb,
      target: { ratio: TARGET_RATIO, apiPeakRssMb: TARGET_RSS_MB },
      passed,
    };
    const file = writeResult('repricer-e2e', result);
    console.log(
      `repricer-e2e: ${PRODUCTS} products, answer ${answer.status} ${body.outcome} changed ${body.changed} in ${totalMs} ms (first upload after ${firstUploadAfterMs} ms, uploads spread over ${uploadSpanMs} ms), floor ${FLOOR_MS} ms, ratio ${ratio} (target <= ${TARGET_RATIO}), ` +
        `uploads ${calls.length} ${JSON.stringify(statuses)}, history ${historyRows}, snapshots ${snapshots}, api peak RSS ${rssMb} MB (before the run ${rssBeforeMb} MB, target < ${TARGET_RSS_MB}) -> ${passed ? 'PASS' : 'FAIL'} [${file}]`,
    );
    return passed;
  } finally {
    await stack.close();
  }
}
