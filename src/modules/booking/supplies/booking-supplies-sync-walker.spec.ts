import { describe, expect, it } from 'vitest';

import { updatedFromOf } from './booking-supplies-sync-walker';

describe('where the supplies list starts', () => {
  it.each([
    [null, null],
    // 00:30 Moscow on 2026-03-02: from the Moscow day before, 2026-03-01.
    ['2026-03-01T21:30:00.000Z', '2026-03-01'],
    // 23:50 Moscow on 2026-03-01.
    ['2026-03-01T20:50:00.000Z', '2026-02-28'],
  ])('a previous sync begun at %s lists updatedDate from %s', (previousStart, from) => {
    expect(updatedFromOf(previousStart)).toBe(from);
  });
});
