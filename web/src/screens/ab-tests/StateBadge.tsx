import { Badge } from '@mantine/core';

import { STATE_COLOR, stateText } from './ab-test-text';
import type { AbTest } from './ab-tests-queries';

/** A test's state in Russian: with the reason of a pause or failure, and a finished test's verdict. */
export function StateBadge({ test }: { test: Pick<AbTest, 'state' | 'stateReason' | 'verdict' | 'winner'> }) {
  return (
    // The whole text wraps rather than being cut: the reason and the verdict are what the seller reads it for.
    <Badge
      color={STATE_COLOR[test.state]}
      variant="light"
      tt="none"
      h="auto"
      styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
    >
      {stateText(test)}
    </Badge>
  );
}
