import { describe, expect, it } from 'vitest';

import { rotationDelta, RotationSnapshots, variantCounts } from './variant-counts';

const snap = (views: number, clicks: number) => ({ views, clicks });

/**
 * Cumulative counters of the card in its campaign at each switch, at each settle end and at the next switch; the
 * settle windows' views (100, 80, 120, 90) are left out.
 */
const ROTATIONS: RotationSnapshots[] = [
  { variantIndex: 0, atSwitch: snap(0, 0), atSettleEnd: snap(100, 3), atNextSwitch: snap(2100, 63) },
  { variantIndex: 1, atSwitch: snap(2100, 63), atSettleEnd: snap(2180, 66), atNextSwitch: snap(4180, 146) },
  { variantIndex: 1, atSwitch: snap(4180, 146), atSettleEnd: snap(4300, 150), atNextSwitch: snap(6300, 230) },
  { variantIndex: 0, atSwitch: snap(6300, 230), atSettleEnd: snap(6390, 233), atNextSwitch: snap(8390, 293) },
  // Running now: not measured to its end.
  { variantIndex: 0, atSwitch: snap(8390, 293), atSettleEnd: snap(8500, 296), atNextSwitch: null },
];

describe('per-variant views and clicks from cumulative snapshots', () => {
  it.each([
    ['a measured rotation', ROTATIONS[0], { views: 2000, clicks: 60 }],
    ['one settling still', { variantIndex: 0, atSwitch: snap(5, 0), atSettleEnd: null, atNextSwitch: null }, null],
    ['one without its end', ROTATIONS[4], null],
    [
      'counters corrected downwards',
      { variantIndex: 0, atSwitch: null, atSettleEnd: snap(500, 20), atNextSwitch: snap(450, 18) },
      { views: 0, clicks: 0 },
    ],
    [
      'clicks corrected more than views',
      { variantIndex: 0, atSwitch: null, atSettleEnd: snap(500, 0), atNextSwitch: snap(510, 30) },
      { views: 10, clicks: 10 },
    ],
  ])('%s', (_label, rotation, delta) => {
    expect(rotationDelta(rotation)).toEqual(delta);
  });

  it('sums each variant over its measured rotations, the settle windows left out', () => {
    expect(variantCounts(2, ROTATIONS)).toEqual([
      { variantIndex: 0, views: 4000, clicks: 120, rotations: 2 },
      { variantIndex: 1, views: 4000, clicks: 160, rotations: 2 },
    ]);
  });

  it('a variant without rotations has zeros', () => {
    expect(variantCounts(3, ROTATIONS.slice(0, 1))[2]).toEqual({ variantIndex: 2, views: 0, clicks: 0, rotations: 0 });
  });
});
