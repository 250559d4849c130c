import { describe, expect, it } from 'vitest';

import {
  type ComplaintRule,
  complaintRuleCondition,
  complaintRuleFieldsOf,
  complaintRuleValuesOf,
  NEW_COMPLAINT_RULE,
} from './complaint-rule-form';

const STORED: ComplaintRule = {
  id: 'r1',
  mpAccountId: 'a1',
  ratingMax: 2,
  brand: 'Бренд',
  category: null,
  reason: 'spam_ads',
  templateId: null,
  replyMode: 'auto',
  priority: 5,
  isActive: false,
  createdAt: '2026-11-25T00:00:00.000Z',
  updatedAt: '2026-11-25T00:00:00.000Z',
};

describe('complaint rule form', () => {
  it('a new rule preselects the inaccurate-information reason', () => {
    expect(NEW_COMPLAINT_RULE.reason).toBe('inaccurate_information');
  });

  it.each([
    [
      'the new rule',
      NEW_COMPLAINT_RULE,
      { ratingMax: 3, brand: null, reason: 'inaccurate_information', replyMode: 'manual', priority: 100, isActive: true },
    ],
    ['a trimmed brand', { ...NEW_COMPLAINT_RULE, brand: '  Бренд ' }, expect.objectContaining({ brand: 'Бренд' })],
    ['a blank brand is any brand', { ...NEW_COMPLAINT_RULE, brand: '   ' }, expect.objectContaining({ brand: null })],
    [
      'an empty priority is left to the service',
      { ...NEW_COMPLAINT_RULE, priority: '' },
      expect.not.objectContaining({ priority: expect.anything() }),
    ],
    ['a rating of 1', { ...NEW_COMPLAINT_RULE, ratingMax: '1' }, expect.objectContaining({ ratingMax: 1 })],
  ])('%s', (_name, values, fields) => {
    expect(complaintRuleFieldsOf(values)).toEqual(fields);
  });

  it('a stored rule goes into the form and back unchanged', () => {
    const values = complaintRuleValuesOf(STORED);
    expect(values).toEqual({ ratingMax: '2', brand: 'Бренд', reason: 'spam_ads', replyMode: 'auto', priority: 5, isActive: false });
    expect(complaintRuleFieldsOf(values)).toEqual({
      ratingMax: 2,
      brand: 'Бренд',
      reason: 'spam_ads',
      replyMode: 'auto',
      priority: 5,
      isActive: false,
    });
  });

  it.each([
    [{ ratingMax: 3, brand: null }, 'Оценка не выше 3, любой бренд'],
    [{ ratingMax: 1, brand: 'Бренд' }, 'Оценка не выше 1, бренд «Бренд»'],
  ])('condition of %o reads %s', (rule, text) => {
    expect(complaintRuleCondition(rule)).toBe(text);
  });
});
