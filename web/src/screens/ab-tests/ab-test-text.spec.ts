import { describe, expect, it } from 'vitest';

import { progressPct, progressText, rotationViews, sharePercent, stateText, switchText, variantName, verdictText } from './ab-test-text';

const test = (overrides: Partial<Parameters<typeof stateText>[0]>) => ({
  state: 'running' as const,
  stateReason: null,
  verdict: null,
  winner: null,
  ...overrides,
});
const variants = (...views: number[]) => views.map((count) => ({ views: count }));

describe('the A/B tests in words', () => {
  it.each([
    [test({ state: 'draft' }), 'черновик'],
    [test({ state: 'scheduled' }), 'запланирован'],
    [test({ state: 'running' }), 'идёт'],
    [test({ state: 'paused', stateReason: 'manual' }), 'на паузе: вручную'],
    [test({ state: 'paused', stateReason: 'out_of_stock' }), 'на паузе: товар закончился'],
    [test({ state: 'completed', verdict: 'winner', winner: 1 }), 'завершён: победитель — вариант B'],
    [test({ state: 'completed', verdict: 'inconclusive' }), 'завершён: без победителя'],
    [test({ state: 'applied', verdict: 'winner', winner: 0 }), 'применён'],
    [test({ state: 'restored' }), 'восстановлен'],
    [test({ state: 'failed', stateReason: 'card_gone' }), 'ошибка: card_gone'],
    [test({ state: 'interrupted' }), 'прерван'],
  ])('%o reads «%s»', (state, text) => {
    expect(stateText(state)).toBe(text);
  });

  it('names the switch rule, the variants and shares in Russian', () => {
    expect(switchText({ impressions: 2000 })).toBe('каждые 2\u202f000 показов');
    expect(switchText({ hours: 3 })).toBe('каждые 3 часа');
    expect(switchText({ hours: 5 })).toBe('каждые 5 часов');
    expect(variantName(0)).toBe('Вариант A');
    expect(variantName(9)).toBe('Вариант J');
    expect(sharePercent(0.0234)).toBe('2,34 %');
    expect(sharePercent(null)).toBe('—');
  });

  it('counts the progress by the variant with the fewest views, capped at the target', () => {
    expect(progressPct({ variants: variants(4000, 2500), targetImpressionsPerVariant: 10_000 })).toBe(25);
    expect(progressPct({ variants: variants(40_000, 12_000), targetImpressionsPerVariant: 10_000 })).toBe(100);
    expect(progressText({ variants: variants(4000, 2500), targetImpressionsPerVariant: 10_000 })).toBe(
      '2\u202f500 из 10\u202f000 показов на вариант',
    );
  });

  it('states the verdict', () => {
    expect(verdictText({ verdict: 'winner', winner: 2 })).toMatch(/^Победитель — вариант C/);
    expect(verdictText({ verdict: 'inconclusive', winner: null })).toMatch(/^Без победителя/);
    expect(verdictText({ verdict: 'collecting', winner: null })).toMatch(/^Идёт сбор показов/);
  });

  it('a rotation shows what it measured once it has both ends', () => {
    expect(rotationViews({ viewsAtStart: 100, viewsAtEnd: 2100, clicksAtStart: 3, clicksAtEnd: 53 })).toBe('2\u202f000 / 50');
    expect(rotationViews({ viewsAtStart: 100, viewsAtEnd: null, clicksAtStart: 3, clicksAtEnd: null })).toBe('—');
  });
});
