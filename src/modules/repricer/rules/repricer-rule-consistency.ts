import { ValidationDetail } from '../../../common/errors/app-error';
import { RepricerAction, RepricerMetric, RepricerOperator, RepricerScope } from '../../../database/schema';
import { FormMetricId, metricOfFormLabel } from '../../../shared/repricer/repricer-form';
import { PERCENT_MAX, PERCENT_MIN, SCOPE_LIST_MAX } from '../../../shared/repricer/repricer-rule-limits';
import { parseScopeList } from './repricer-scope-list';

/** The fields whose valid values depend on each other; on a PATCH this is the stored rule with the change applied. */
export interface RuleFieldsToCheck {
  conditionMetric: RepricerMetric;
  conditionLabel: FormMetricId | null;
  conditionOperator: RepricerOperator;
  conditionValue: number | null;
  actionType: RepricerAction;
  actionValue: number;
  minPrice: number | null;
  maxPrice: number | null;
  scope: RepricerScope;
  scopeValue: string;
}

const NM_ID = /^[1-9]\d{0,15}$/;

function isNmId(value: unknown): boolean {
  return typeof value === 'number' ? Number.isSafeInteger(value) && value >= 1 : false;
}

function actionValueErrors(type: RepricerAction, value: number): string[] {
  if (type === 'percent') return value < PERCENT_MIN ? ['min'] : value > PERCENT_MAX ? ['max'] : [];
  const errors = Number.isInteger(value) ? [] : ['isInt'];
  return value === 0 ? [...errors, 'notEquals'] : errors;
}

function listErrors(text: string): string[] {
  const parsed = parseScopeList(text);
  if (!parsed) return ['isJsonArray'];
  if (parsed.length === 0) return ['arrayMinSize'];
  if (parsed.length > SCOPE_LIST_MAX) return ['arrayMaxSize'];
  return parsed.every(isNmId) ? [] : ['isNmId'];
}

function scopeValueErrors(scope: RepricerScope, value: string): string[] {
  if (scope === 'sku') return NM_ID.test(value) && Number.isSafeInteger(Number(value)) ? [] : ['isNmId'];
  if (scope === 'brand') return value.trim() ? [] : ['isNotEmpty'];
  return listErrors(value);
}

/** Spec: Repricer rule. Checks that class-validator cannot see field by field; error names follow its rule names. */
export function ruleConsistencyErrors(rule: RuleFieldsToCheck): ValidationDetail[] {
  const details: ValidationDetail[] = [];
  const add = (field: string, errors: string[]) => errors.length > 0 && details.push({ field, errors });
  add(
    'conditionLabel',
    rule.conditionLabel !== null && metricOfFormLabel(rule.conditionLabel) !== rule.conditionMetric ? ['matchesConditionMetric'] : [],
  );
  add('conditionValue', rule.conditionOperator !== 'always' && rule.conditionValue === null ? ['isDefined'] : []);
  add('actionValue', actionValueErrors(rule.actionType, rule.actionValue));
  add('minPrice', rule.minPrice !== null && rule.maxPrice !== null && rule.minPrice > rule.maxPrice ? ['notAboveMaxPrice'] : []);
  add('scopeValue', scopeValueErrors(rule.scope, rule.scopeValue));
  return details;
}
