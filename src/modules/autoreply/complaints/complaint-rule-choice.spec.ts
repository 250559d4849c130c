import { describe, expect, it } from 'vitest';

import { chooseComplaintRule, ComplaintRuleConditions, FeedbackFacts } from './complaint-rule-choice';

const day = (n: number) => new Date(Date.UTC(2026, 0, n));

function rule(id: string, fields: Partial<ComplaintRuleConditions> = {}): ComplaintRuleConditions {
  return { id, priority: 100, ratingMax: 3, brand: null, category: null, isActive: true, createdAt: day(1), ...fields };
}

const feedback = (rating: number | null, brand = 'Acme'): FeedbackFacts => ({ rating, brand });

describe('chooseComplaintRule (Reply rule 8)', () => {
  it.each<[string, ComplaintRuleConditions[], FeedbackFacts, string | undefined]>([
    ['none at all', [], feedback(1), undefined],
    ['the only one that fits', [rule('a')], feedback(2), 'a'],
    ['a rating equal to ratingMax fits', [rule('a', { ratingMax: 3 })], feedback(3), 'a'],
    ['a feedback without a rating never', [rule('a', { ratingMax: 5 })], feedback(null), undefined],
    ['a rating above ratingMax never', [rule('a', { ratingMax: 3 })], feedback(4), undefined],
    ['ratingMax 5 takes every rating', [rule('a', { ratingMax: 5 })], feedback(5), 'a'],
    ['lowest priority number wins', [rule('a', { priority: 20 }), rule('b', { priority: 10 })], feedback(1), 'b'],
    ['a tie goes to the older', [rule('new', { createdAt: day(3) }), rule('old', { createdAt: day(2) })], feedback(1), 'old'],
    ['a tie of the same time goes to the smaller id', [rule('b'), rule('a')], feedback(1), 'a'],
    ['inactive never', [rule('a', { isActive: false })], feedback(1), undefined],
    [
      'inactive skipped for a worse active one',
      [rule('a', { isActive: false, priority: 1 }), rule('b', { priority: 9 })],
      feedback(1),
      'b',
    ],
    ['a brand fits its own brand', [rule('a', { brand: 'Acme' })], feedback(1, 'Acme'), 'a'],
    ['a brand is exact: case counts', [rule('a', { brand: 'acme' })], feedback(1, 'Acme'), undefined],
    ['a brand never fits another brand', [rule('a', { brand: 'Other' })], feedback(1, 'Acme'), undefined],
    ['a category condition never holds', [rule('a', { category: 'Платья' })], feedback(1), undefined],
    [
      'a better rule that does not fit loses to a worse one that does',
      [rule('a', { priority: 1, ratingMax: 1 }), rule('b', { priority: 50 })],
      feedback(2),
      'b',
    ],
  ])('%s', (_name, rules, item, chosen) => {
    expect(chooseComplaintRule(rules, item)?.id).toBe(chosen);
  });
});
