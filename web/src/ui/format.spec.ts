import { describe, expect, it } from 'vitest';

import { day } from './format';

describe('day', () => {
  it.each([
    ['2024-01-29', '29.01.2024'],
    ['2026-11-05T21:30:00.000Z', '05.11.2026'],
  ])('%s reads %s', (value, text) => {
    expect(day(value)).toBe(text);
  });
});
