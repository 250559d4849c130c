import { describe, expect, it } from 'vitest';

import { coefficientText, taskTermsText } from './task-text';

describe('task texts', () => {
  it.each([
    [-1, 'нет'],
    [0, 'бесплатно'],
    [1, '×1'],
    [2.5, '×2,5'],
  ])('coefficient %d reads «%s»', (coefficient, text) => {
    expect(coefficientText(coefficient)).toBe(text);
  });

  it('terms name the box type, the days and the price', () => {
    expect(taskTermsText({ boxTypeId: 2, dateFrom: '2026-12-01', dateTo: '2026-12-14', maxCoefficient: 0 })).toBe(
      'короба, 01.12.2026 — 14.12.2026, только бесплатно',
    );
    expect(taskTermsText({ boxTypeId: 5, dateFrom: '2026-12-01', dateTo: '2026-12-03', maxCoefficient: 3 })).toBe(
      'монопаллеты, 01.12.2026 — 03.12.2026, коэффициент до 3',
    );
  });
});
