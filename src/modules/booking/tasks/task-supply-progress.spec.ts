import { describe, expect, it } from 'vitest';

import { SupplyAt, TaskInFlight, taskSupplyProgress } from './task-supply-progress';

const MATCHED: TaskInFlight = {
  status: 'matched',
  supplyId: null,
  matches: [
    { warehouseId: 507, date: '2026-12-03' },
    { warehouseId: 117501, date: '2026-12-05' },
  ],
};
const supply = (supplyId: string, warehouseId: number, supplyDay: string, accepted = false): SupplyAt => ({
  supplyId,
  warehouseId,
  supplyDay,
  accepted,
});

describe('taskSupplyProgress', () => {
  it.each<[string, TaskInFlight, SupplyAt[], ReturnType<typeof taskSupplyProgress>]>([
    [
      'a supply at a match’s warehouse and day books the task',
      MATCHED,
      [supply('9001', 507, '2026-12-03')],
      { status: 'booked', supplyId: '9001' },
    ],
    ['another day does not', MATCHED, [supply('9001', 507, '2026-12-04')], null],
    ['another warehouse does not', MATCHED, [supply('9001', 120762, '2026-12-03')], null],
    ['no supply, no change', MATCHED, [], null],
    [
      'of two fitting supplies the lower id, every time',
      MATCHED,
      [supply('9223372036854775000', 117501, '2026-12-05'), supply('9223372036854774999', 507, '2026-12-03')],
      { status: 'booked', supplyId: '9223372036854774999' },
    ],
    [
      'a fitting supply already accepted ends it accepted',
      MATCHED,
      [supply('9001', 507, '2026-12-03', true)],
      { status: 'accepted', supplyId: '9001' },
    ],
    [
      'a booked task’s supply accepted',
      { ...MATCHED, status: 'booked', supplyId: '9001' },
      [supply('9001', 507, '2026-12-03', true)],
      { status: 'accepted', supplyId: '9001' },
    ],
    [
      'a booked task’s supply not yet accepted',
      { ...MATCHED, status: 'booked', supplyId: '9001' },
      [supply('9001', 507, '2026-12-03')],
      null,
    ],
    [
      'another supply accepted does not end a booked task',
      { ...MATCHED, status: 'booked', supplyId: '9001' },
      [supply('9002', 507, '2026-12-03', true)],
      null,
    ],
    [
      'an active task without matches is not booked',
      { ...MATCHED, status: 'active', matches: [] },
      [supply('9001', 507, '2026-12-03')],
      null,
    ],
  ])('%s', (_, task, supplies, expected) => {
    expect(taskSupplyProgress(task, supplies)).toEqual(expected);
  });
});
