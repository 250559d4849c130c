import { describe, expect, it } from 'vitest';

import { replenishmentQuantity } from './replenishment';

const DEFAULTS = { targetDays: 30, leadTimeDays: 7, safetyFactor: 1.2 };

describe('replenishmentQuantity (golden figures)', () => {
  it.each([
    // 2 a day × 37 days × 1.2 = 88.8 → 89 − 20 in stock − 10 on the way = 59
    [{ velocityPerDay: 2, stock: 20, inSupply: 10 }, DEFAULTS, 59],
    [{ velocityPerDay: 2, stock: 100, inSupply: 0 }, DEFAULTS, 0],
    [{ velocityPerDay: 2, stock: 88, inSupply: 0 }, DEFAULTS, 1],
    [{ velocityPerDay: 2, stock: 89, inSupply: 0 }, DEFAULTS, 0],
    [{ velocityPerDay: 0, stock: 0, inSupply: 0 }, DEFAULTS, 0],
    [{ velocityPerDay: null, stock: 0, inSupply: 0 }, DEFAULTS, 0],
    // 0.1 × 30 × 1 = 3.0000000000000004 in floating point: 3, not 4.
    [{ velocityPerDay: 0.1, stock: 0, inSupply: 0 }, { targetDays: 30, leadTimeDays: 0, safetyFactor: 1 }, 3],
    // 5.6 a day × 14 × 1.5 = 117.6 → 118
    [{ velocityPerDay: 5.6, stock: 0, inSupply: 0 }, { targetDays: 7, leadTimeDays: 7, safetyFactor: 1.5 }, 118],
  ])('%j with %j asks for %i', (input, params, quantity) => {
    expect(replenishmentQuantity(input, params)).toBe(quantity);
  });
});
