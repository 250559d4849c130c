import { describe, expect, it } from 'vitest';

import { changedFields } from './changed-fields';

interface Fields {
  name: string;
  operator: string;
  value: number | null;
  campaigns: number[];
  day?: string;
}

const STORED: Fields = { name: 'Правило', operator: 'gt', value: 30, campaigns: [7, 8], day: '2026-01-05' };
const TOGETHER = [['operator', 'value']] as const;

describe('changedFields', () => {
  it.each<[string, Partial<Fields>, Partial<Fields>]>([
    ['nothing changed', {}, {}],
    ['one field', { name: 'Новое' }, { name: 'Новое' }],
    ['a field of a group, with the rest of the group', { value: 45 }, { operator: 'gt', value: 45 }],
    ['a list with other items', { campaigns: [7, 9] }, { campaigns: [7, 9] }],
    ['the same list', { campaigns: [7, 8] }, {}],
    ['a field left undefined (not sent)', { day: undefined }, {}],
    ['a cleared value', { value: null }, { operator: 'gt', value: null }],
  ])('%s', (_case, change, sent) => {
    expect(changedFields(STORED, { ...STORED, ...change }, TOGETHER)).toEqual(sent);
  });

  it('a number typed wrong (NaN) differs from the stored number, and from nothing else that is NaN', () => {
    expect(changedFields(STORED, { ...STORED, value: Number.NaN })).toEqual({ value: Number.NaN });
    expect(changedFields({ ...STORED, value: Number.NaN }, { ...STORED, value: Number.NaN })).toEqual({});
  });

  it('sends a forced field (shown otherwise than stored) with its group even when the form did not change it', () => {
    expect(changedFields(STORED, STORED, TOGETHER, ['operator'])).toEqual({ operator: 'gt', value: 30 });
  });
});
