import { describe, expect, it } from 'vitest';

import { NEW_PLAN, planErrors, planFieldsOf, planValuesOf, typedNmIds } from './item-plan';
import type { RnpItem } from './rnp-queries';

describe('nmIDs typed at once', () => {
  it.each([
    ['', [], []],
    ['101', [101], []],
    ['101, 102;103\n104 105', [101, 102, 103, 104, 105], []],
    ['101 101 102', [101, 102], []],
    ['101 abc 0 -5 1.5', [101], ['abc', '0', '-5', '1.5']],
    ['9007199254740992', [], ['9007199254740992']],
  ])('%j', (text, nmIds, wrong) => {
    expect(typedNmIds(text)).toEqual({ nmIds, wrong });
  });
});

describe('an item’s plan in its form', () => {
  const item: RnpItem = {
    id: 'i',
    listId: 'l',
    nmId: 101,
    status: 'action',
    planOrdersPerDay: 10,
    planPrice: null,
    targetDrrPct: 12.5,
    manager: 'Ольга',
    comment: '',
    dateFrom: '2026-12-01',
    dateTo: null,
    createdAt: '',
    updatedAt: '',
  };

  it('round-trips an item: an empty number or day is sent as null, which clears it', () => {
    expect(planFieldsOf(planValuesOf(item))).toEqual({
      status: 'action',
      planOrdersPerDay: 10,
      planPrice: null,
      targetDrrPct: 12.5,
      manager: 'Ольга',
      comment: '',
      dateFrom: '2026-12-01',
      dateTo: null,
    });
  });

  it('a new item is watched without a plan, its manager trimmed', () => {
    expect(planFieldsOf({ ...NEW_PLAN, manager: '  Ольга ', planOrdersPerDay: 0 })).toMatchObject({
      status: 'monitoring',
      planOrdersPerDay: 0,
      manager: 'Ольга',
      dateFrom: null,
    });
  });

  it.each([
    ['', '', null],
    ['2026-12-01', '', null],
    ['', '2026-12-01', null],
    ['2026-12-01', '2026-12-01', null],
    ['2026-12-02', '2026-12-01', 'Конец плана не раньше начала'],
  ])('a plan from %j to %j', (dateFrom, dateTo, error) => {
    expect(planErrors({ ...NEW_PLAN, dateFrom, dateTo }).dateTo).toBe(error);
  });
});
