import { number, signedNumber } from '@shared/format';
import { formLabelsOf } from '@shared/repricer/repricer-form';

import type { components } from '../../api/schema';

export type Rule = components['schemas']['RepricerRuleResponseDto'];
export type RuleMetric = Rule['conditionMetric'];
export type RuleOperator = Rule['conditionOperator'];

/** Every operator the API stores, in words; the form offers only gt, lt and eq (engine rule 8). */
const OPERATOR_TEXT: Record<RuleOperator, string> = {
  gt: 'больше',
  lt: 'меньше',
  eq: 'равно',
  gte: 'не меньше',
  lte: 'не больше',
  always: 'всегда',
};

/** Rule values are stored with up to four decimals. */
const RULE_DECIMALS = 4;

export const operatorText = (operator: RuleOperator) => OPERATOR_TEXT[operator];

/**
 * The metric as the seller chose it in the form (its label), or, for a rule made through the API without one, the form's
 * labels of the engine metric (spec: engine rule 9), joined where two labels share it.
 */
export const metricText = (rule: Pick<Rule, 'conditionMetric' | 'conditionLabel'>) =>
  formLabelsOf(rule.conditionMetric)
    .filter((entry) => rule.conditionLabel === null || entry.id === rule.conditionLabel)
    .map((entry) => entry.label)
    .join(' / ');

export function conditionText(rule: Pick<Rule, 'conditionMetric' | 'conditionLabel' | 'conditionOperator' | 'conditionValue'>): string {
  if (rule.conditionOperator === 'always') return 'Всегда';
  return `${metricText(rule)} ${operatorText(rule.conditionOperator)} ${number(rule.conditionValue ?? 0, RULE_DECIMALS)}`;
}

/** Spec: engine rule 4. A rule with a condition fires only in a run that receives the product's metric (a run through the API). */
export const firesOnlyWithMetrics = (rule: Pick<Rule, 'conditionOperator'>) => rule.conditionOperator !== 'always';

/** The price change with its sign: percent or whole roubles. */
export function actionText(rule: Pick<Rule, 'actionType' | 'actionValue'>): string {
  return `${signedNumber(rule.actionValue, RULE_DECIMALS)} ${rule.actionType === 'percent' ? '%' : '₽'}`;
}

export function boundsText(rule: Pick<Rule, 'minPrice' | 'maxPrice'>): string {
  if (rule.minPrice === null && rule.maxPrice === null) return 'без границ';
  const from = rule.minPrice === null ? '' : `от ${number(rule.minPrice, RULE_DECIMALS)} ₽`;
  const to = rule.maxPrice === null ? '' : `до ${number(rule.maxPrice, RULE_DECIMALS)} ₽`;
  return [from, to].filter(Boolean).join(' ');
}

/** The nmIDs of a list scope, as the API stores them (JSON array text); a malformed list yields none. */
export function listNmIds(scopeValue: string): string[] {
  try {
    const parsed: unknown = JSON.parse(scopeValue);
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}

export function scopeText(rule: Pick<Rule, 'scope' | 'scopeValue'>): string {
  if (rule.scope === 'sku') return `Товар ${rule.scopeValue}`;
  if (rule.scope === 'brand') return `Бренд ${rule.scopeValue}`;
  return `Список: ${listNmIds(rule.scopeValue).join(', ')}`;
}
