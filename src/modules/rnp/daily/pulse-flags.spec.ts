import { describe, expect, it } from 'vitest';

import { againstPlan, PulseFacts, pulseFlags, PulsePlan } from './pulse-flags';

const day: PulseFacts = {
  days: 1,
  ordersQty: 10,
  ordersSum: '10000.00',
  adSpend: '1000.00',
  daysOfCover: '30.0',
  badReviews: 0,
  price: '1000.00',
  previousPrice: '1000.00',
};
const plan: PulsePlan = { planOrdersPerDay: 10, targetDrrPct: '10.00' };

describe('pulse flags', () => {
  it.each<[string, Partial<PulseFacts>, PulsePlan | null, string[]]>([
    ['a day on plan', {}, plan, []],
    ['cover under 7 days', { daysOfCover: '6.9' }, plan, ['oos_risk']],
    ['cover of exactly 7 days', { daysOfCover: '7.0' }, plan, []],
    ['unknown cover', { daysOfCover: null }, plan, []],
    ['DRR over the target by a kopeck', { adSpend: '1000.01' }, plan, ['drr_over_target']],
    ['DRR equal to the target', { adSpend: '1000.00' }, plan, []],
    [
      'spend without orders',
      { ordersSum: '0.00', ordersQty: 0, adSpend: '0.01' },
      { planOrdersPerDay: null, targetDrrPct: '10.00' },
      ['drr_over_target'],
    ],
    ['no spend at all', { adSpend: null }, plan, []],
    ['no target', {}, { planOrdersPerDay: 10, targetDrrPct: null }, []],
    ['orders under 70 % of the plan', { ordersQty: 6 }, plan, ['below_plan']],
    ['orders at exactly 70 %', { ordersQty: 7 }, plan, []],
    ['a week against 7 days of plan', { days: 7, ordersQty: 48 }, plan, ['below_plan']],
    ['a week at 70 % of 7 days of plan', { days: 7, ordersQty: 49 }, plan, []],
    ['unknown orders', { ordersQty: null, ordersSum: null }, plan, []],
    ['no list item', { ordersQty: 0, adSpend: '5000.00' }, null, []],
    ['a 1–2 star feedback', { badReviews: 1 }, null, ['bad_reviews']],
    ['a price changed by a kopeck', { price: '999.99' }, null, ['price_changed']],
    ['the same price written otherwise', { price: '1000' }, null, []],
    ['no price the day before', { previousPrice: null }, null, []],
    [
      'everything at once, in the flags order',
      { daysOfCover: '1.0', adSpend: '9000.00', ordersQty: 1, badReviews: 2, price: '900.00' },
      plan,
      ['oos_risk', 'drr_over_target', 'below_plan', 'bad_reviews', 'price_changed'],
    ],
  ])('%s', (_name, facts, itemPlan, flags) => {
    expect(pulseFlags({ ...day, ...facts }, itemPlan)).toEqual(flags);
  });

  it.each<[string, string[], Partial<PulseFacts>, PulsePlan | null, string[]]>([
    ['stored plan flags of another plan are decided again', ['drr_over_target', 'below_plan'], {}, plan, []],
    [
      'the flags that hold whatever the plan stay',
      ['oos_risk', 'bad_reviews', 'price_changed'],
      {},
      null,
      ['oos_risk', 'bad_reviews', 'price_changed'],
    ],
    ['this plan flags what the stored one did not', ['bad_reviews'], { ordersQty: 2 }, plan, ['below_plan', 'bad_reviews']],
  ])('against a list plan: %s', (_name, stored, facts, itemPlan, flags) => {
    expect(againstPlan(stored as never, { ...day, ...facts }, itemPlan)).toEqual(flags);
  });
});
