import { describe, expect, it } from 'vitest';

import { AppError } from '../../../common/errors/app-error';
import { assertTaskDates, decideSlots, fits, SlotCell, WatchedTask } from './slot-decisions';

const TODAY = '2026-11-28';
const NOW = new Date('2026-11-28T10:00:00Z');
const MIN = 60_000;
const task: WatchedTask = {
  warehouseIds: [507, 117501],
  boxTypeId: 2,
  dateFrom: '2026-11-29',
  dateTo: '2026-12-05',
  maxCoefficient: 1,
  minLeadDays: 1,
};
const cell = (over: Partial<SlotCell> = {}): SlotCell => ({
  warehouseId: 507,
  date: '2026-11-30',
  boxTypeId: 2,
  coefficient: 0,
  allowUnload: true,
  ...over,
});

describe('which cells fit a task', () => {
  it.each<[string, Partial<SlotCell>, Partial<WatchedTask>, boolean]>([
    ['free, in range', {}, {}, true],
    ['the multiplier at the maximum', { coefficient: 1 }, {}, true],
    ['coefficient 3 with maxCoefficient 1', { coefficient: 3 }, {}, false],
    ['closed (-1), even if it unloads', { coefficient: -1 }, {}, false],
    ['maxCoefficient 0 takes only free', { coefficient: 1 }, { maxCoefficient: 0 }, false],
    ['no unloading', { allowUnload: false }, {}, false],
    ['another box type', { boxTypeId: 5 }, {}, false],
    ['a warehouse the task does not watch', { warehouseId: 686 }, {}, false],
    ['today, with no lead days', { date: '2026-11-28' }, { dateFrom: '2026-11-28', minLeadDays: 0 }, true],
    ['before dateFrom', { date: '2026-11-28' }, { minLeadDays: 0 }, false],
    ['before the lead days', { date: '2026-11-29' }, { minLeadDays: 2 }, false],
    ['after dateTo', { date: '2026-12-06' }, {}, false],
    ['on dateTo', { date: '2026-12-05' }, {}, true],
  ])('%s', (_name, cellOver, taskOver, expected) => {
    expect(fits({ ...task, ...taskOver }, cell(cellOver), TODAY)).toBe(expected);
  });
});

describe('which cells are news', () => {
  const decide = (over: Partial<Parameters<typeof decideSlots>[0]>) =>
    decideSlots({ task, cells: [], open: [], lastNotifiedAt: new Map(), today: TODAY, now: NOW, cooldownMs: 15 * MIN, ...over });

  it('a cell that comes to fit opens one match, notified', () => {
    expect(decide({ cells: [cell(), cell({ coefficient: 3, date: '2026-12-01' })] })).toEqual({
      opened: [{ cell: cell(), notify: true }],
      gone: [],
    });
  });

  it('a cell still fitting with an open match is no news', () => {
    expect(decide({ cells: [cell()], open: [{ id: 'm1', warehouseId: 507, date: '2026-11-30', boxTypeId: 2 }] })).toEqual({
      opened: [],
      gone: [],
    });
  });

  it('an open match whose cell stopped fitting or was not answered is gone', () => {
    const open = [
      { id: 'm1', warehouseId: 507, date: '2026-11-30', boxTypeId: 2 },
      { id: 'm2', warehouseId: 117501, date: '2026-12-01', boxTypeId: 2 },
    ];
    expect(decide({ cells: [cell({ coefficient: -1 })], open })).toEqual({ opened: [], gone: ['m1', 'm2'] });
  });

  it.each([
    [14 * MIN, false],
    [15 * MIN, true],
  ])('a cell back %i ms after its last notification opens a match, notified only past the cooldown', (ago, notify) => {
    const lastNotifiedAt = new Map([['507|2026-11-30|2', new Date(NOW.getTime() - ago)]]);
    expect(decide({ cells: [cell()], lastNotifiedAt }).opened).toEqual([{ cell: cell(), notify }]);
  });
});

describe('task dates', () => {
  const rule = (dates: { dateFrom: string; dateTo: string }) => {
    try {
      assertTaskDates(dates, TODAY);
      return null;
    } catch (error) {
      return (error as AppError).details;
    }
  };

  it.each([
    [{ dateFrom: '2026-11-28', dateTo: '2026-12-28' }, null],
    [{ dateFrom: '2026-11-27', dateTo: '2026-12-01' }, [{ field: 'dateFrom', errors: ['notInPast'] }]],
    [{ dateFrom: '2026-12-02', dateTo: '2026-12-01' }, [{ field: 'dateTo', errors: ['notBeforeDateFrom'] }]],
    [{ dateFrom: '2026-11-28', dateTo: '2026-12-29' }, [{ field: 'dateTo', errors: ['maxSpan30Days'] }]],
  ])('%j → %j', (dates, details) => {
    expect(rule(dates)).toEqual(details);
  });
});
