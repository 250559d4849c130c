import type { RepricerAction, RepricerMetric, RepricerOperator, RepricerScope } from '../../../database/schema/repricer';
import { parseScopeList } from '../rules/repricer-scope-list';

/** The fields of an active rule the engine reads; numeric columns arrive as PostgreSQL's decimal text. */
export interface EngineRule {
  id: string;
  createdAt: Date;
  conditionMetric: RepricerMetric;
  conditionOperator: RepricerOperator;
  conditionValue: string | null;
  actionType: RepricerAction;
  actionValue: string;
  minPrice: number | null;
  maxPrice: number | null;
  scope: RepricerScope;
  scopeValue: string;
}

export type ProductMetrics = Partial<Record<RepricerMetric, number>>;

/** A catalog product with a price, and what the run knows of it: brand and metrics only when the caller passed them. */
export interface EngineProduct {
  nmId: number;
  price: number;
  brand?: string;
  metrics?: ProductMetrics;
}

export interface PriceDecision {
  nmId: number;
  ruleId: string;
  oldPrice: number;
  newPrice: number;
}

export interface EngineResult {
  changes: PriceDecision[];
  skipped: number;
}

/** numeric(…, 4) columns: values are handled as integers of ten-thousandths, so no float drift reaches a price. */
const SCALE = 10_000;

/** Decimal text with at most four fraction digits as an integer of ten-thousandths. */
export function toScaled(value: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,4})\d*)?$/.exec(value.trim());
  if (!match) throw new RangeError(`Not a decimal: ${value}`);
  const [, sign, whole, fraction = ''] = match;
  const scaled = Number(whole) * SCALE + Number(fraction.padEnd(4, '0'));
  return sign ? -scaled : scaled;
}

/** n / d rounded half up (towards +∞ at .5) for integers with d > 0, exact for |n| below 2^53. */
function divideHalfUp(n: number, d: number): number {
  const twice = 2 * n + d;
  const q = Math.floor(twice / (2 * d));
  // The float division can land one off near an integer; the integer check puts it back.
  if (q * 2 * d > twice) return q - 1;
  if ((q + 1) * 2 * d <= twice) return q + 1;
  return q;
}

/** Spec: Engine rule 2. The price the rule sets from the current one: rounded half up, clamped, never below 1. */
export function ruleTargetPrice(price: number, rule: Pick<EngineRule, 'actionType' | 'actionValue' | 'minPrice' | 'maxPrice'>): number {
  const action = toScaled(rule.actionValue);
  const raw =
    rule.actionType === 'absolute'
      ? divideHalfUp(price * SCALE + action, SCALE)
      : divideHalfUp(price * (100 * SCALE + action), 100 * SCALE);
  let next = raw;
  if (rule.minPrice !== null && next < rule.minPrice) next = rule.minPrice;
  if (rule.maxPrice !== null && next > rule.maxPrice) next = rule.maxPrice;
  return Math.max(next, 1);
}

function conditionHolds(operator: RepricerOperator, value: number, threshold: number): boolean {
  switch (operator) {
    case 'lt':
      return value < threshold;
    case 'lte':
      return value <= threshold;
    case 'gt':
      return value > threshold;
    case 'gte':
      return value >= threshold;
    case 'eq':
      return value === threshold;
    case 'always':
      return true;
  }
}

/** The nmIds of a list rule; a value that is not a JSON array of ids matches nothing. */
function listIds(scopeValue: string): number[] {
  return (parseScopeList(scopeValue) ?? []).map(Number).filter((id) => Number.isSafeInteger(id));
}

function byCreation(a: EngineRule, b: EngineRule): number {
  return a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function push<K>(index: Map<K, number[]>, key: K, position: number): void {
  const positions = index.get(key);
  if (!positions) index.set(key, [position]);
  else if (positions[positions.length - 1] !== position) positions.push(position);
}

/**
 * The rules in creation order, indexed by the nmIds and brands they cover, so a product meets only its own
 * candidates. List scope values are parsed here, once per run.
 */
export class RuleBook<R extends EngineRule = EngineRule> {
  private readonly rules: R[];
  private readonly thresholds: number[];
  private readonly byNmId = new Map<number, number[]>();
  private readonly byBrand = new Map<string, number[]>();

  constructor(rules: readonly R[]) {
    this.rules = [...rules].sort(byCreation);
    this.thresholds = this.rules.map((rule) => (rule.conditionValue === null ? Number.NaN : Number(rule.conditionValue)));
    this.rules.forEach((rule, position) => {
      if (rule.scope === 'brand') push(this.byBrand, rule.scopeValue, position);
      else if (rule.scope === 'sku') {
        const nmId = Number(rule.scopeValue);
        if (Number.isSafeInteger(nmId) && String(nmId) === rule.scopeValue) push(this.byNmId, nmId, position);
      } else for (const nmId of listIds(rule.scopeValue)) push(this.byNmId, nmId, position);
    });
  }

  /** Rules and index keys held: roughly what keeping this index costs in memory. */
  get size(): number {
    return this.rules.length + this.byNmId.size + this.byBrand.size;
  }

  /** Spec: Engine rules 1, 4, 5. The earliest created rule whose scope and condition the product meets, or undefined. */
  ruleFor(product: Omit<EngineProduct, 'price'>): R | undefined {
    const own = this.byNmId.get(product.nmId) ?? [];
    const ofBrand = product.brand === undefined ? [] : (this.byBrand.get(product.brand) ?? []);
    let i = 0;
    let j = 0;
    while (i < own.length || j < ofBrand.length) {
      const position = j >= ofBrand.length || (i < own.length && own[i] < ofBrand[j]) ? own[i++] : ofBrand[j++];
      if (this.fires(position, product.metrics)) return this.rules[position];
    }
    return undefined;
  }

  private fires(position: number, metrics: ProductMetrics | undefined): boolean {
    const rule = this.rules[position];
    if (rule.conditionOperator === 'always') return true;
    const value = metrics?.[rule.conditionMetric];
    return value !== undefined && conditionHolds(rule.conditionOperator, value, this.thresholds[position]);
  }
}

/**
 * Spec: Engine rules 1-5. Every product gets the price its rule sets; no rule or the same price counts as skipped.
 * The rules come as a list or as an index already built of them.
 */
export function decidePrices(products: Iterable<EngineProduct>, rules: readonly EngineRule[] | RuleBook): EngineResult {
  const book = rules instanceof RuleBook ? rules : new RuleBook(rules);
  const changes: PriceDecision[] = [];
  let skipped = 0;
  for (const product of products) {
    const rule = book.ruleFor(product);
    const newPrice = rule ? ruleTargetPrice(product.price, rule) : product.price;
    if (rule && newPrice !== product.price) changes.push({ nmId: product.nmId, ruleId: rule.id, oldPrice: product.price, newPrice });
    else skipped++;
  }
  return { changes, skipped };
}
