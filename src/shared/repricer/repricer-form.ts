import { CONDITION_VALUE_LIMIT } from './repricer-rule-limits';
import type { RepricerAction, RepricerMetric, RepricerOperator } from './repricer-vocabulary';

/**
 * Spec: Repricer routes, engine rules 8 and 9. The web form shows a narrower rule than the API accepts:
 * percent changes of 1..50 (the sign is the direction), operators gt, lt, eq, and metric labels of its own.
 */

/** Form metric labels and the engine metric each maps to; two labels share price_gap_pct. */
export const FORM_METRIC_LABELS = [
  { id: 'marketplace_stock', label: 'Остаток на маркетплейсе', metric: 'stock_days' },
  { id: 'orders_7d', label: 'Заказы за 7 дней', metric: 'sales_rank' },
  { id: 'margin_pct', label: 'Маржа, %', metric: 'margin_pct' },
  { id: 'buyout_pct', label: 'Процент выкупа', metric: 'price_gap_pct' },
  { id: 'current_price', label: 'Текущая цена', metric: 'price_gap_pct' },
] as const satisfies readonly { id: string; label: string; metric: RepricerMetric }[];

export type FormMetricId = (typeof FORM_METRIC_LABELS)[number]['id'];
export const FORM_METRIC_IDS: readonly FormMetricId[] = FORM_METRIC_LABELS.map((entry) => entry.id);

export const FORM_OPERATORS = ['gt', 'lt', 'eq'] as const;
export type FormOperator = (typeof FORM_OPERATORS)[number];

export const FORM_PERCENT_MIN = 1;
export const FORM_PERCENT_MAX = 50;

export function metricOfFormLabel(id: FormMetricId): RepricerMetric {
  return FORM_METRIC_LABELS.find((entry) => entry.id === id)!.metric;
}

/** The labels the form may show for an engine metric (price_gap_pct has two). */
export function formLabelsOf(metric: RepricerMetric): (typeof FORM_METRIC_LABELS)[number][] {
  return FORM_METRIC_LABELS.filter((entry) => entry.metric === metric);
}

/** What was rewritten, so that the form can tell the user. */
export type FormRewrite = 'operatorNarrowed' | 'unconditionalToThreshold' | 'percentClamped' | 'absoluteToPercent';

export interface FormNormalizable {
  conditionOperator: RepricerOperator;
  conditionValue: number | null;
  actionType: RepricerAction;
  actionValue: number;
}

export type FormRule<T extends FormNormalizable> = Omit<T, 'conditionOperator' | 'conditionValue' | 'actionType'> & {
  conditionOperator: FormOperator;
  conditionValue: number;
  actionType: 'percent';
};

export interface FormNormalization<T extends FormNormalizable> {
  rule: FormRule<T>;
  rewrites: FormRewrite[];
}

/** Below every value a metric can take and inside what the API stores: `gt` this is the form's nearest to `always`. */
export const FORM_UNCONDITIONAL_THRESHOLD = -CONDITION_VALUE_LIMIT;

const NARROWED: Partial<Record<RepricerOperator, FormOperator>> = { lte: 'lt', gte: 'gt' };

function formCondition(operator: RepricerOperator, value: number | null): { operator: FormOperator; value: number; rewrite?: FormRewrite } {
  if (operator === 'always') return { operator: 'gt', value: FORM_UNCONDITIONAL_THRESHOLD, rewrite: 'unconditionalToThreshold' };
  const narrowed = NARROWED[operator];
  // The threshold stays; only the boundary value itself stops matching.
  if (narrowed) return { operator: narrowed, value: value!, rewrite: 'operatorNarrowed' };
  return { operator: operator as FormOperator, value: value! };
}

/** Roubles as whole percent of the reference price (half up); without one, the form's smallest step. */
function absoluteAsPercentMagnitude(roubles: number, referencePrice?: number): number {
  return referencePrice ? Math.round((Math.abs(roubles) * 100) / referencePrice) : FORM_PERCENT_MIN;
}

/**
 * Rewrites a rule to what the form can show and save (engine rule 8). Decisions:
 * - lte → lt and gte → gt with the same threshold;
 * - always → gt FORM_UNCONDITIONAL_THRESHOLD (every metric value is above it); flagged, because a metric
 *   condition fires only when the run receives the metric (engine rule 4), so manual and scheduled runs stop firing it;
 * - percent → magnitude clamped to 1..50, the sign kept as the direction (0 becomes a raise of 1);
 * - absolute → percent: whole percent of `referencePrice` (for example the current price of a sku rule's product)
 *   when given, otherwise 1 percent; the sign of the roubles is the direction; then clamped like any percent.
 * Other fields (metric, bounds, scope, name) pass unchanged: every engine metric has a form label.
 */
export function normalizeForForm<T extends FormNormalizable>(rule: T, options: { referencePrice?: number } = {}): FormNormalization<T> {
  const rewrites: FormRewrite[] = [];
  const condition = formCondition(rule.conditionOperator, rule.conditionValue);
  if (condition.rewrite) rewrites.push(condition.rewrite);
  // The sign is the direction; 0 has none and counts as a raise.
  const direction = rule.actionValue < 0 ? -1 : 1;
  let magnitude = Math.abs(rule.actionValue);
  if (rule.actionType === 'absolute') {
    magnitude = absoluteAsPercentMagnitude(rule.actionValue, options.referencePrice);
    rewrites.push('absoluteToPercent');
  }
  const clamped = Math.min(FORM_PERCENT_MAX, Math.max(FORM_PERCENT_MIN, magnitude));
  if (clamped !== magnitude) rewrites.push('percentClamped');
  return {
    rule: {
      ...rule,
      conditionOperator: condition.operator,
      conditionValue: condition.value,
      actionType: 'percent',
      actionValue: direction * clamped,
    },
    rewrites,
  };
}
