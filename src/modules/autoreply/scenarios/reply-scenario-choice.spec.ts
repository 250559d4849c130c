import { describe, expect, it } from 'vitest';

import { chooseScenario, InboxFacts, ScenarioConditions } from './reply-scenario-choice';

const day = (n: number) => new Date(Date.UTC(2026, 0, n));

function scenario(id: string, fields: Partial<ScenarioConditions> = {}): ScenarioConditions {
  return {
    id,
    priority: 100,
    kind: 'both',
    brand: null,
    category: null,
    ratingMin: null,
    ratingMax: null,
    isActive: true,
    createdAt: day(1),
    ...fields,
  };
}

const feedback = (rating: number, brand: string | null = 'Acme'): InboxFacts => ({ kind: 'feedback', rating, brand });
const question = (brand: string | null = 'Acme'): InboxFacts => ({ kind: 'question', rating: null, brand });

describe('chooseScenario (Reply rule 1)', () => {
  it.each<[string, ScenarioConditions[], InboxFacts, string | undefined]>([
    ['none at all', [], feedback(5), undefined],
    ['the only one that fits', [scenario('a')], feedback(5), 'a'],
    ['lowest priority number wins', [scenario('a', { priority: 20 }), scenario('b', { priority: 10 })], feedback(5), 'b'],
    ['a tie goes to the older', [scenario('new', { createdAt: day(3) }), scenario('old', { createdAt: day(2) })], feedback(5), 'old'],
    ['a tie of the same time goes to the smaller id', [scenario('b'), scenario('a')], feedback(5), 'a'],
    ['inactive never', [scenario('a', { isActive: false })], feedback(5), undefined],
    [
      'inactive skipped for a worse active one',
      [scenario('a', { isActive: false, priority: 1 }), scenario('b', { priority: 9 })],
      feedback(5),
      'b',
    ],
    ['kind feedbacks fits a feedback', [scenario('a', { kind: 'feedbacks' })], feedback(4), 'a'],
    ['kind feedbacks never a question', [scenario('a', { kind: 'feedbacks' })], question(), undefined],
    ['kind questions fits a question', [scenario('a', { kind: 'questions' })], question(), 'a'],
    ['kind questions never a feedback', [scenario('a', { kind: 'questions' })], feedback(4), undefined],
    ['brand exact', [scenario('a', { brand: 'Acme' })], feedback(5, 'Acme'), 'a'],
    ['brand of another case is another brand', [scenario('a', { brand: 'acme' })], feedback(5, 'Acme'), undefined],
    ['brand set, item without brand', [scenario('a', { brand: 'Acme' })], feedback(5, null), undefined],
    ['a category condition never holds', [scenario('a', { category: 'Платья' })], feedback(5), undefined],
    ['a category condition loses to a worse plain one', [scenario('a', { category: 'x', priority: 1 }), scenario('b')], feedback(5), 'b'],
    ['rating inside the range', [scenario('a', { ratingMin: 4, ratingMax: 5 })], feedback(4), 'a'],
    ['rating on the lower bound', [scenario('a', { ratingMin: 1, ratingMax: 2 })], feedback(1), 'a'],
    ['rating below the range', [scenario('a', { ratingMin: 4, ratingMax: 5 })], feedback(3), undefined],
    ['rating above the range', [scenario('a', { ratingMin: 1, ratingMax: 3 })], feedback(4), undefined],
    ['only a minimum', [scenario('a', { ratingMin: 3 })], feedback(5), 'a'],
    ['only a maximum', [scenario('a', { ratingMax: 2 })], feedback(3), undefined],
    ['a rating range never matches a question', [scenario('a', { ratingMin: 1, ratingMax: 5 })], question(), undefined],
    [
      'a question takes the scenario without range',
      [scenario('a', { ratingMin: 1, priority: 1 }), scenario('b', { priority: 50 })],
      question(),
      'b',
    ],
    [
      'every condition at once',
      [
        scenario('low-rated', { kind: 'feedbacks', ratingMax: 3, priority: 10 }),
        scenario('acme', { kind: 'feedbacks', brand: 'Acme', ratingMin: 4, priority: 20 }),
        scenario('fallback', { priority: 100 }),
      ],
      feedback(5, 'Acme'),
      'acme',
    ],
  ])('%s', (_name, scenarios, item, expected) => {
    expect(chooseScenario(scenarios, item)?.id).toBe(expected);
  });
});
