import { dateTime } from '@shared/format';
import { describe, expect, it } from 'vitest';

import { CheckResult, checkResultLines, checkSummaryText, lastCheckLine, missingDaysText, outcomeText } from './budget-check-text';
import { budgetLimit } from './budget-fixture';

type Item = CheckResult['items'][number];
type Part = CheckResult['incomplete'][number];

const budget = budgetLimit();
const checkedAt = Date.parse('2026-01-02T00:00:00Z');
const GAP = [
  { from: '2026-01-01', to: '2026-01-05' },
  { from: '2026-01-07', to: '2026-01-07' },
];

const part = (overrides: Partial<Part> = {}): Part => ({
  budgetId: budget.id,
  advertId: 42,
  limitType: 'daily',
  limitRub: 100,
  spendRub: 123.45,
  action: 'pause',
  spendComplete: true,
  missingDays: [],
  ...overrides,
});
const item = (overrides: Partial<Item> = {}): Item => ({
  ...part(),
  applied: true,
  outcome: 'applied',
  reason: 'Кампания приостановлена на маркетплейсе',
  ...overrides,
});
const result = (items: Item[], incomplete: Part[] = []): CheckResult => ({ checked: 1, triggered: items.length, items, incomplete });

describe('missing days of spend', () => {
  it.each([
    [[{ from: '2026-01-05', to: '2026-01-05' }], '05.01.2026'],
    [GAP, '01.01.2026–05.01.2026, 07.01.2026'],
    [[{ from: '2025-12-31', to: '2026-01-01' }], '31.12.2025–01.01.2026'],
  ])('%j read %s', (ranges, text) => {
    expect(missingDaysText(ranges)).toBe(text);
  });
});

describe("what a reached limit's action did", () => {
  it.each([
    ['applied', 'pause', 'Кампания приостановлена на маркетплейсе', 'Кампания приостановлена на маркетплейсе', 'ok'],
    ['applied', 'reduce_bids', 'Ставки кампании снижены вдвое', 'Ставки снижены вдвое, но не ниже минимальных ставок маркетплейса', 'ok'],
    [
      'at_minimum',
      'reduce_bids',
      'Ставки кампании уже на минимальных ставках маркетплейса: снижать некуда',
      'Ставки уже на минимуме: снижать некуда',
      'ok',
    ],
    [
      'refused',
      'reduce_bids',
      'Маркетплейс отклонил ставки: кампания завершена',
      'Маркетплейс отклонил ставки: кампания завершена',
      'failure',
    ],
    [
      'refused',
      'pause',
      'Маркетплейс не приостановил кампанию: кампания не активна',
      'Маркетплейс не приостановил кампанию: кампания не активна',
      'failure',
    ],
    ['failed', 'pause', 'Ключ API отклонён маркетплейсом', 'Не выполнено: Ключ API отклонён маркетплейсом', 'failure'],
    [
      'skipped',
      'reduce_bids',
      'Ставки кампании ещё не загружены синхронизацией: снижение пропущено',
      'Не выполнено: Ставки кампании ещё не загружены синхронизацией: снижение пропущено',
      'failure',
    ],
  ] as const)('%s of %s (%s) reads %j', (outcome, action, reason, text, tone) => {
    expect(outcomeText({ outcome, action, reason })).toEqual({ text, tone });
  });
});

describe("a limit's result of the last check", () => {
  const periodPart = { limitType: 'period', limitRub: 3000, spendRub: 2500, spendComplete: false, missingDays: GAP } as const;

  it.each([
    ['no check yet', undefined, checkedAt, null],
    ['checked, not reached', result([]), checkedAt, [{ text: 'Не достигнут', tone: 'ok' }]],
    [
      'reached and paused',
      result([item()]),
      checkedAt,
      [{ text: 'Достигнут дневной: расход 123,45 ₽ из 100 ₽. Кампания приостановлена на маркетплейсе', tone: 'ok' }],
    ],
    [
      'reached, bids lowered, spend without some days',
      result([item({ ...periodPart, action: 'reduce_bids', spendRub: 3000.5, reason: 'Ставки кампании снижены вдвое' })]),
      checkedAt,
      [
        {
          text: 'Достигнут за период: расход 3\u202f000,50 ₽ из 3\u202f000 ₽. Ставки снижены вдвое, но не ниже минимальных ставок маркетплейса',
          tone: 'ok',
        },
        { text: 'Расход посчитан без статистики за 01.01.2026–05.01.2026, 07.01.2026', tone: 'warning' },
      ],
    ],
    [
      'reached, the marketplace refused',
      result([item({ applied: false, outcome: 'refused', reason: 'Маркетплейс не приостановил кампанию: кампания не активна' })]),
      checkedAt,
      [
        {
          text: 'Достигнут дневной: расход 123,45 ₽ из 100 ₽. Маркетплейс не приостановил кампанию: кампания не активна',
          tone: 'failure',
        },
      ],
    ],
    [
      'not reached, spend without some days',
      result([], [part(periodPart)]),
      checkedAt,
      [
        { text: 'Не достигнут за период: расход 2\u202f500 ₽ из 3\u202f000 ₽', tone: 'ok' },
        { text: 'Расход посчитан без статистики за 01.01.2026–05.01.2026, 07.01.2026: лимит может быть уже достигнут', tone: 'warning' },
      ],
    ],
    [
      'daily reached, period lacking days',
      result([item()], [part(periodPart)]),
      checkedAt,
      [
        { text: 'Достигнут дневной: расход 123,45 ₽ из 100 ₽. Кампания приостановлена на маркетплейсе', tone: 'ok' },
        { text: 'Не достигнут за период: расход 2\u202f500 ₽ из 3\u202f000 ₽', tone: 'ok' },
        { text: 'Расход посчитан без статистики за 01.01.2026–05.01.2026, 07.01.2026: лимит может быть уже достигнут', tone: 'warning' },
      ],
    ],
    [
      'another limit reached or lacking days',
      result([item({ budgetId: 'other' })], [part({ ...periodPart, budgetId: 'other' })]),
      checkedAt,
      [{ text: 'Не достигнут', tone: 'ok' }],
    ],
    ['created after the check', result([]), Date.parse('2025-12-31T00:00:00Z'), null],
  ] as const)('%s', (_case, checked, at, lines) => {
    expect(checkResultLines(budget, checked, at)).toEqual(lines);
  });
});

describe('the totals of a check', () => {
  it.each([
    [result([]), 'Проверено лимитов: 1, сработало: 0'],
    [result([item()]), 'Проверено лимитов: 1, сработало: 1'],
    [
      {
        ...result([item({ spendComplete: false, missingDays: GAP })], [part({ limitType: 'period' }), part({ budgetId: 'other' })]),
        checked: 2,
      },
      'Проверено лимитов: 2, сработало: 1. Расход посчитан не за все дни у лимитов: 2',
    ],
  ])('%j reads %s', (checked, text) => {
    expect(checkSummaryText(checked)).toBe(text);
  });
});

describe('a limit not checked on this screen', () => {
  it.each([
    [null, false, 'Не проверялся: проверка только по кнопке «Проверить сейчас»', 'ok'],
    ['2026-11-26T09:30:00Z', true, `${dateTime('2026-11-26T09:30:00Z')}: достигнут`, 'warning'],
    ['2026-11-26T09:30:00Z', false, `${dateTime('2026-11-26T09:30:00Z')}: не достигнут`, 'ok'],
  ] as const)('checked at %s, reached %s, reads %s', (checkedAt, reachedAtCheck, text, tone) => {
    expect(lastCheckLine(budgetLimit({ checkedAt, reachedAtCheck }))).toEqual({ text, tone });
  });
});
