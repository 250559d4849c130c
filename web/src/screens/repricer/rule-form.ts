import {
  FORM_METRIC_LABELS,
  FORM_OPERATORS as FORM_OPERATOR_VALUES,
  FORM_PERCENT_MAX,
  FORM_PERCENT_MIN,
  formLabelsOf,
  FormMetricId,
  FormOperator,
  FormRewrite,
  metricOfFormLabel,
  normalizeForForm,
} from '@shared/repricer/repricer-form';

import type { components } from '../../api/schema';
import type { FieldGroups } from '../../ui/changed-fields';
import { optionalNumber, requiredNumber } from '../../ui/typed-number';
import { actionText, boundsText, conditionText, listNmIds, operatorText, Rule, scopeText } from './rule-text';

/** The fields of a rule that the form saves (the account goes with a new rule only). */
export type RuleFields = Omit<components['schemas']['RepricerRuleCreateDto'], 'mpAccountId'>;

/** Spec: Repricer engine rules 8 and 9: the form's metric labels, its comparisons greater, less, equal, a percent of 1 to 50. */
export const METRIC_OPTIONS = FORM_METRIC_LABELS.map(({ id, label }) => ({ value: id, label }));
export const FORM_OPERATORS = FORM_OPERATOR_VALUES.map((value) => ({ value, label: operatorText(value) }));
export { FORM_PERCENT_MAX, FORM_PERCENT_MIN };

/** What the form's inputs hold; number inputs give '' when empty. */
export interface RuleFormValues {
  name: string;
  metricLabel: FormMetricId;
  operator: FormOperator;
  threshold: number | string;
  direction: 'raise' | 'lower';
  percent: number | string;
  minPrice: number | string;
  maxPrice: number | string;
  scope: Rule['scope'];
  /** sku: the nmID; brand: the brand name; list: nmIDs separated by commas or spaces. */
  scopeValue: string;
  isActive: boolean;
}

export const NEW_RULE_VALUES: RuleFormValues = {
  name: '',
  metricLabel: 'marketplace_stock',
  operator: 'gt',
  threshold: '',
  direction: 'lower',
  percent: 5,
  minPrice: '',
  maxPrice: '',
  scope: 'sku',
  scopeValue: '',
  isActive: true,
};

/** The fields the API reads as one: the condition, the change, the products. */
export const RULE_FIELDS_TOGETHER: FieldGroups<RuleFields> = [
  ['conditionMetric', 'conditionLabel', 'conditionOperator', 'conditionValue'],
  ['actionType', 'actionValue'],
  ['scope', 'scopeValue'],
];

const REWRITTEN_FIELD: Record<FormRewrite, keyof RuleFields> = {
  operatorNarrowed: 'conditionOperator',
  unconditionalToThreshold: 'conditionOperator',
  percentClamped: 'actionValue',
  absoluteToPercent: 'actionType',
};

/** The fields of a stored rule that the form shows narrowed to its set (engine rule 8): saving it rewrites them. */
export const rewrittenFields = (rule: Rule): (keyof RuleFields)[] =>
  normalizeForForm(rule).rewrites.map((rewrite) => REWRITTEN_FIELD[rewrite]);

/** Whether the stored rule lies outside the form's set, so that saving it through the form rewrites it. */
export const isOutsideForm = (rule: Rule) => rewrittenFields(rule).length > 0;

/**
 * A stored rule in the form, narrowed to its set as the service decides it (lte → lt, gte → gt, always → gt the lowest
 * threshold, roubles → percent, a percent clamped to 1..50); the sign of the change is the direction.
 */
export function formValuesOf(stored: Rule): RuleFormValues {
  const { rule } = normalizeForForm(stored);
  return {
    name: rule.name,
    metricLabel: rule.conditionLabel ?? formLabelsOf(rule.conditionMetric)[0].id,
    operator: rule.conditionOperator,
    threshold: rule.conditionValue,
    direction: rule.actionValue < 0 ? 'lower' : 'raise',
    percent: Math.abs(rule.actionValue),
    minPrice: rule.minPrice ?? '',
    maxPrice: rule.maxPrice ?? '',
    scope: rule.scope,
    scopeValue: rule.scope === 'list' ? listNmIds(rule.scopeValue).join(', ') : rule.scopeValue,
    isActive: rule.isActive,
  };
}

/** The list of the form as the API stores it: a JSON array of nmIDs (a word that is no number is sent as typed). */
function listScopeValue(typed: string): string {
  const ids = typed.split(/[\s,;]+/).filter(Boolean);
  return JSON.stringify(ids.map((id) => (/^\d+$/.test(id) ? Number(id) : id)));
}

/** The rule the form saves. */
export function ruleFieldsOf(values: RuleFormValues): RuleFields {
  const magnitude = requiredNumber(values.percent);
  return {
    name: values.name,
    conditionMetric: metricOfFormLabel(values.metricLabel),
    conditionLabel: values.metricLabel,
    conditionOperator: values.operator,
    conditionValue: requiredNumber(values.threshold),
    actionType: 'percent',
    actionValue: values.direction === 'lower' ? -magnitude : magnitude,
    minPrice: optionalNumber(values.minPrice),
    maxPrice: optionalNumber(values.maxPrice),
    scope: values.scope,
    scopeValue: values.scope === 'list' ? listScopeValue(values.scopeValue) : values.scopeValue.trim(),
    isActive: values.isActive,
  };
}

/** What the form refuses before sending: the bounds of its own set, which the API is wider than. */
export function formErrors(values: RuleFormValues): Partial<Record<'threshold' | 'percent', string>> {
  const errors: Partial<Record<'threshold' | 'percent', string>> = {};
  if (values.threshold === '') errors.threshold = 'Укажите порог';
  const percent = Number(values.percent);
  if (values.percent === '' || percent < FORM_PERCENT_MIN || percent > FORM_PERCENT_MAX)
    errors.percent = `От ${FORM_PERCENT_MIN} до ${FORM_PERCENT_MAX} %`;
  return errors;
}

/** One field a save changes, in words. */
export interface FieldChange {
  field: string;
  from: string;
  to: string;
}

const activeText = (isActive: boolean | undefined) => (isActive === false ? 'выключено' : 'включено');

const DESCRIBED: { field: string; text: (rule: RuleFields) => string }[] = [
  { field: 'Название', text: (rule) => rule.name },
  {
    field: 'Условие',
    text: (rule) => conditionText({ ...rule, conditionLabel: rule.conditionLabel ?? null, conditionValue: rule.conditionValue ?? null }),
  },
  { field: 'Изменение цены', text: actionText },
  { field: 'Границы цены', text: (rule) => boundsText({ minPrice: rule.minPrice ?? null, maxPrice: rule.maxPrice ?? null }) },
  { field: 'Товары', text: scopeText },
  { field: 'Состояние', text: (rule) => activeText(rule.isActive) },
];

/** Each field the save would change, old → new, as the table of rules shows them. */
export function ruleChanges(stored: Rule, saved: RuleFields): FieldChange[] {
  return DESCRIBED.map(({ field, text }) => ({ field, from: text(stored), to: text(saved) })).filter((change) => change.from !== change.to);
}
