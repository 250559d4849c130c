import { describe, expect, it } from 'vitest';

import { countdownText } from './countdown';

const AT = '2026-05-01T09:15:00Z';
const before = (ms: number) => new Date(AT).getTime() - ms;

describe('countdownText', () => {
  it.each<[number, string]>([
    [15 * 60_000, '15 мин 00 с'],
    [14 * 60_000 + 5_000, '14 мин 05 с'],
    [59_000, '59 с'],
    [1_500, '2 с'],
    [200, '1 с'],
    [0, 'меньше секунды'],
    [-5_000, 'меньше секунды'],
    [62 * 60_000, '1 ч 02 мин'],
  ])('%i ms before', (ms, text) => {
    expect(countdownText(AT, before(ms))).toBe(text);
  });
});
