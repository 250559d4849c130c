import { REPRICER_METRICS, REPRICER_OPERATORS, RepricerMetric } from '../src/database/schema/repricer';
import type { RepricerRuleRow } from '../src/modules/repricer/rules/repricer-rules.reader';
import { decidePrices, EngineProduct, ProductMetrics } from '../src/modules/repricer/runs/repricer-engine';
import { peakRssMb } from './peak-rss';
import { random } from './seeded-random';

/**
 * One run of the repricer benchmark in its own process: BENCH_PRODUCTS products and BENCH_RULES rules shaped like
 * the database rows (numeric columns as decimal text, list scope as JSON text), generated from a fixed seed; prints
 * the decision time and this process's peak RSS as JSON.
 */
const FIRST_NM_ID = 100_000_000;
const BRANDS = 200;
const LIST_SHARE = 0.1;
const LIST_SIZE = 1_000;

function products(count: number, next: () => number): EngineProduct[] {
  return Array.from({ length: count }, (_, index) => {
    const metrics: ProductMetrics = {};
    for (const metric of REPRICER_METRICS) if (next() < 0.5) metrics[metric] = Math.floor(next() * 200) - 50;
    return { nmId: FIRST_NM_ID + index, price: 100 + Math.floor(next() * 20_000), brand: `Бренд ${Math.floor(next() * BRANDS)}`, metrics };
  });
}

function rules(count: number, productCount: number, next: () => number): RepricerRuleRow[] {
  const listRules = Math.round(count * LIST_SHARE);
  const created = Date.UTC(2026, 0, 1);
  return Array.from({ length: count }, (_, index) => {
    const operator = REPRICER_OPERATORS[Math.floor(next() * REPRICER_OPERATORS.length)];
    const nmId = () => FIRST_NM_ID + Math.floor(next() * productCount);
    const scope = index < listRules ? 'list' : next() < 0.5 ? 'sku' : 'brand';
    const scopeValue =
      scope === 'list'
        ? JSON.stringify(Array.from({ length: LIST_SIZE }, nmId))
        : scope === 'sku'
          ? String(nmId())
          : `Бренд ${Math.floor(next() * BRANDS)}`;
    const percent = next() < 0.5;
    const minPrice = next() < 0.3 ? 500 : null;
    return {
      id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      mpAccountId: '00000000-0000-4000-8000-000000000000',
      name: `Правило ${index}`,
      conditionMetric: REPRICER_METRICS[Math.floor(next() * REPRICER_METRICS.length)] as RepricerMetric,
      conditionLabel: null,
      conditionOperator: operator,
      conditionValue: operator === 'always' ? null : `${Math.floor(next() * 100)}.5000`,
      actionType: percent ? 'percent' : 'absolute',
      actionValue: percent ? `${(Math.floor(next() * 2000) - 1000) / 100}00` : `${Math.floor(next() * 400) - 200}.0000`,
      minPrice,
      maxPrice: next() < 0.3 ? 30_000 : null,
      scope,
      scopeValue,
      isActive: true,
      createdAt: new Date(created + Math.floor(next() * 1e9)),
      updatedAt: new Date(created),
      deletedAt: null,
    };
  });
}

function main(): void {
  const next = random(Number(process.env.BENCH_SEED));
  const productCount = Number(process.env.BENCH_PRODUCTS);
  const catalog = products(productCount, next);
  const book = rules(Number(process.env.BENCH_RULES), productCount, next);
  const started = process.hrtime.bigint();
  const { changes, skipped } = decidePrices(catalog, book);
  const decisionMs = Number(process.hrtime.bigint() - started) / 1e6;
  process.stdout.write(`${JSON.stringify({ decisionMs, changed: changes.length, skipped, peakRssMb: peakRssMb() })}\n`);
}

main();
