import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';

import { ErrorNotice } from '../../ui/ErrorNotice';
import type { KpiCardSpec } from '../../ui/kpi-card-spec';
import { KpiCards } from '../../ui/KpiCards';
import { type AbTestsSummary as Summary, type SummaryPeriod, useAbTestsSummary } from './ab-tests-queries';

const PERIODS = [
  { value: '7d', label: '7 дней' },
  { value: '30d', label: '30 дней' },
];

const SUMMARY_CARDS: KpiCardSpec<Summary>[] = [
  { indicator: 'running', label: 'Шли в окне', unit: 'count', rise: 'neutral' },
  { indicator: 'completed', label: 'Завершены', unit: 'count', rise: 'good' },
  { indicator: 'winnersFoundPct', label: 'С победителем', unit: 'percent', rise: 'good' },
  { indicator: 'avgCtrUpliftPct', label: 'Прирост CTR победителя', unit: 'percent', rise: 'good' },
  { indicator: 'interrupted', label: 'Прерваны', unit: 'count', rise: 'bad' },
];

/** The cabinet's tests over the last 7 or 30 days, each figure with its change to the window before. */
export function AbTestsSummary({ mpAccountId }: { mpAccountId: string }) {
  const [period, setPeriod] = useState<SummaryPeriod>('30d');
  const summary = useAbTestsSummary(mpAccountId, period);
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Окно — последние 7 или 30 суток; изменение — к предыдущему окну той же длины
        </Text>
        <SegmentedControl aria-label="Окно сводки" data={PERIODS} value={period} onChange={(value) => setPeriod(value as SummaryPeriod)} />
      </Group>
      <ErrorNotice error={summary.error} />
      {summary.data && <KpiCards title="Сводка A/B-тестов" summary={summary.data} cards={SUMMARY_CARDS} />}
    </Stack>
  );
}
