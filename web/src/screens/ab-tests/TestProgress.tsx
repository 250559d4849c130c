import { Progress, Stack, Text } from '@mantine/core';

import { progressPct, progressText } from './ab-test-text';
import { type AbTest, useAbTestResults } from './ab-tests-queries';

/** How far a test is to its target: the fewest views of a variant against the target; a draft has measured nothing. */
export function TestProgress({ mpAccountId, test }: { mpAccountId: string; test: Pick<AbTest, 'id' | 'state'> }) {
  const draft = test.state === 'draft';
  const results = useAbTestResults(mpAccountId, test.id, !draft);
  if (draft)
    return (
      <Text size="sm" c="dimmed">
        не запущен
      </Text>
    );
  if (!results.data) return null;
  return (
    <Stack gap={2} miw={160}>
      <Progress value={progressPct(results.data)} aria-label="Прогресс к целевым показам" />
      <Text size="xs">{progressText(results.data)}</Text>
    </Stack>
  );
}
