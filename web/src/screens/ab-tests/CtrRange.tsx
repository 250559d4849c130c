import { Box } from '@mantine/core';

import { sharePercent } from './ab-test-text';

/**
 * A variant's CTR with its 95 % interval on a scale shared by all variants (0 to `scaleMax`): the interval as a bar,
 * the CTR as a mark on it; overlapping bars mean the variants are not yet told apart.
 */
export function CtrRange({ ctr, low, high, scaleMax }: { ctr: number | null; low: number; high: number; scaleMax: number }) {
  const at = (share: number) => `${scaleMax > 0 ? Math.min(100, (share / scaleMax) * 100) : 0}%`;
  const label = `CTR ${sharePercent(ctr)}, 95 % интервал ${sharePercent(low)} — ${sharePercent(high)}`;
  return (
    <Box role="img" aria-label={label} title={label} pos="relative" h={14} w={220} bg="gray.1" style={{ borderRadius: 2 }}>
      <Box
        pos="absolute"
        top={5}
        h={4}
        bg="blue.3"
        style={{ left: at(low), width: `calc(${at(high)} - ${at(low)})`, minWidth: 1, borderLeft: '2px solid', borderRight: '2px solid' }}
        c="blue.7"
      />
      {ctr !== null && <Box pos="absolute" top={1} h={12} w={3} bg="blue.8" style={{ left: `calc(${at(ctr)} - 1px)` }} />}
    </Box>
  );
}

/** The scale of the variants' ranges: a little past the highest bound, so that no whisker sits on the edge. */
export const ctrScaleMax = (highs: number[]) => Math.max(0.01, ...highs) * 1.1;
