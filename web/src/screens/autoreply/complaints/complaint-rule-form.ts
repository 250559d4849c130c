import { DEFAULT_COMPLAINT_REASON } from '@shared/autoreply/complaint-reasons';

import type { components } from '../../../api/schema';

export type ComplaintRule = components['schemas']['ComplaintRuleResponseDto'];
/** The fields the form saves (the account goes with a new rule only; the category never matches a product, so it is left out). */
export type ComplaintRuleFields = Omit<components['schemas']['ComplaintRuleCreateDto'], 'mpAccountId' | 'category'>;
type Reason = NonNullable<ComplaintRuleFields['reason']>;

/** What the form's inputs hold; the number input gives '' when empty. */
export interface ComplaintRuleFormValues {
  ratingMax: string;
  brand: string;
  reason: Reason;
  replyMode: 'manual' | 'auto';
  priority: number | string;
  isActive: boolean;
}

/** Spec: Complaint rule. A new rule starts with the inaccurate-information reason. */
export const NEW_COMPLAINT_RULE: ComplaintRuleFormValues = {
  ratingMax: '3',
  brand: '',
  reason: DEFAULT_COMPLAINT_REASON,
  replyMode: 'manual',
  priority: 100,
  isActive: true,
};

export const RATING_OPTIONS = ['1', '2', '3', '4', '5'];

export function complaintRuleValuesOf(rule: ComplaintRule): ComplaintRuleFormValues {
  return {
    ratingMax: String(rule.ratingMax),
    brand: rule.brand ?? '',
    reason: rule.reason,
    replyMode: rule.replyMode,
    priority: rule.priority,
    isActive: rule.isActive,
  };
}

/** The fields sent: an empty brand is any brand (null), an empty priority is the service's default. */
export function complaintRuleFieldsOf(values: ComplaintRuleFormValues): ComplaintRuleFields {
  const brand = values.brand.trim();
  return {
    ratingMax: Number(values.ratingMax),
    brand: brand === '' ? null : brand,
    reason: values.reason,
    replyMode: values.replyMode,
    ...(values.priority !== '' && { priority: Number(values.priority) }),
    isActive: values.isActive,
  };
}

/** What a rule matches, in a line: «Оценка не выше 3, бренд «Бренд»». */
export function complaintRuleCondition(rule: Pick<ComplaintRule, 'ratingMax' | 'brand'>): string {
  return `Оценка не выше ${rule.ratingMax}${rule.brand === null ? ', любой бренд' : `, бренд «${rule.brand}»`}`;
}
