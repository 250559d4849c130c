import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';

import { ErrorNotice } from '../../ui/ErrorNotice';
import type { KpiCardSpec } from '../../ui/kpi-card-spec';
import { KpiCards } from '../../ui/KpiCards';
import { freshnessText } from './pulse-text';
import { type PulseSummary as Summary, type SummaryPeriod, usePulseSummary } from './rnp-queries';

const PERIODS = [
  { value: '7d', label: '7 дней' },
  { value: '30d', label: '30 дней' },
];

const PULSE_CARDS: KpiCardSpec<Summary>[] = [
  { indicator: 'ordersSum', label: 'Заказы, ₽', unit: 'roubles', rise: 'good' },
  { indicator: 'ordersQty', label: 'Заказы, шт.', unit: 'count', rise: 'good' },
  { indicator: 'buyoutPct', label: 'Выкуп', unit: 'percent', rise: 'good' },
  { indicator: 'adSpend', label: 'Расход на рекламу', unit: 'roubles', rise: 'neutral' },
  { indicator: 'drrPct', label: 'ДРР', unit: 'percent', rise: 'bad' },
  { indicator: 'orderConversionPct', label: 'Конверсия в заказ', unit: 'percent', rise: 'good' },
  { indicator: 'planCompletionPct', label: 'Выполнение плана', unit: 'percent', rise: 'good' },
  { indicator: 'skusNeedingAttention', label: 'Товары с отметками', unit: 'count', rise: 'bad' },
  { indicator: 'oosRiskSkus', label: 'Риск нехватки', unit: 'count', rise: 'bad' },
];

/** The cabinet's pulse over the last 7 or 30 Moscow days, each figure with its change to the window before, and how fresh it is. */
export function PulseSummary({ mpAccountId }: { mpAccountId: string }) {
  const [period, setPeriod] = useState<SummaryPeriod>('7d');
  const summary = usePulseSummary(mpAccountId, period);
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Окно — последние 7 или 30 дней по Москве; изменение — к предыдущему окну той же длины
          {summary.data && `. ${freshnessText(summary.data.dataFreshnessMinutes)}`}
        </Text>
        <SegmentedControl aria-label="Окно сводки" data={PERIODS} value={period} onChange={(value) => setPeriod(value as SummaryPeriod)} />
      </Group>
      <ErrorNotice error={summary.error} />
      {summary.data && <KpiCards title="Сводка пульса" summary={summary.data} cards={PULSE_CARDS} />}
    </Stack>
  );
}
