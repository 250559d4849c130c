import { Alert, Group, Image, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { number } from '@shared/format';

import { progressPct, progressText, sharePercent, variantName, verdictText } from './ab-test-text';
import type { AbTest, AbTestResults } from './ab-tests-queries';
import { CtrRange, ctrScaleMax } from './CtrRange';

/**
 * The results by variant, each with its image: views, clicks, CTR with its 95 % interval drawn on one scale, the chance
 * of being best, and the verdict.
 */
export function VariantResults({ results, images }: { results: AbTestResults; images: AbTest['variantImages'] }) {
  const scaleMax = ctrScaleMax(results.variants.map((variant) => variant.ctrInterval.high));
  return (
    <Stack gap="sm">
      <Title order={4}>Результаты</Title>
      <Alert
        color={results.verdict === 'winner' ? 'green' : results.verdict === 'inconclusive' ? 'yellow' : 'blue'}
        title={verdictText(results)}
      />
      <Stack gap={2}>
        <Progress value={progressPct(results)} aria-label="Прогресс к целевым показам" />
        <Text size="sm">{progressText(results)}</Text>
      </Stack>
      <Table aria-label="Результаты по вариантам">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Вариант</Table.Th>
            <Table.Th>Показы</Table.Th>
            <Table.Th>Клики</Table.Th>
            <Table.Th>CTR</Table.Th>
            <Table.Th>95 % интервал CTR</Table.Th>
            <Table.Th>Вероятность быть лучшим</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {results.variants.map((variant) => (
            <Table.Tr key={variant.variantIndex} fw={variant.variantIndex === results.winner ? 700 : undefined}>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  {images[variant.variantIndex] && (
                    <Image
                      src={images[variant.variantIndex].publicUrl}
                      alt={`Фото: ${variantName(variant.variantIndex)}`}
                      w={48}
                      h={64}
                      fit="contain"
                    />
                  )}
                  <span>
                    {variantName(variant.variantIndex)}
                    {variant.variantIndex === results.winner && ' — победитель'}
                  </span>
                </Group>
              </Table.Td>
              <Table.Td>{number(variant.views)}</Table.Td>
              <Table.Td>{number(variant.clicks)}</Table.Td>
              <Table.Td>{sharePercent(variant.ctr)}</Table.Td>
              <Table.Td>
                <CtrRange ctr={variant.ctr} low={variant.ctrInterval.low} high={variant.ctrInterval.high} scaleMax={scaleMax} />
                <Text size="xs" c="dimmed">
                  {sharePercent(variant.ctrInterval.low)} — {sharePercent(variant.ctrInterval.high)}
                </Text>
              </Table.Td>
              <Table.Td>{sharePercent(variant.probabilityBest)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
