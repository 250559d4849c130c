import { describe, expect, it } from 'vitest';

import { kopecks, saleKind } from './feed-rows';

describe('statistics rows', () => {
  it.each([
    [0.1 + 0.2, '0.30'],
    [1990, '1990.00'],
    [1234.5, '1234.50'],
    [-417.35, '-417.35'],
    [99999999.99, '99999999.99'],
  ])('money %d is written as %s, without float artefacts', (amount, text) => {
    expect(kopecks(amount)).toBe(text);
  });

  it.each([
    ['S9993700024', 100, 'sale'],
    ['R9993700024', -100, 'return'],
    ['D1234', 50, 'sale'],
    ['A1234', -50, 'return'],
  ])('saleID %s (forPay %d) is a %s', (saleId, forPay, kind) => {
    expect(saleKind(saleId, forPay)).toBe(kind);
  });
});
