import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';

import { AccountScreen } from '../../ui/AccountScreen';
import { ChartSection } from '../../ui/ChartSection';
import type { DailyChartSpec } from '../../ui/daily-chart';
import { ErrorNotice } from '../../ui/ErrorNotice';
import type { KpiCardSpec } from '../../ui/kpi-card-spec';
import { KpiCards } from '../../ui/KpiCards';
import { AttentionPanel } from './AttentionPanel';
import { answersChart, ordersAndSalesChart, priceChangesChart, spendAndClicksChart } from './daily-charts';
import { Period, useSummary } from './dashboard-queries';
import { AUTOBIDDER_CARDS, AUTOREPLY_CARDS, DIGITIZATION_CARDS, PRICING_CARDS, REPRICER_CARDS } from './kpi-cards';

const PERIODS = [
  { value: '7d', label: '7 дней' },
  { value: '30d', label: '30 дней' },
];

/** A module's part of the summary: its cards, then the chart of its days. */
function ModuleSection<S>({
  title,
  summary,
  cards,
  chart,
}: {
  title: string;
  summary: S;
  cards: KpiCardSpec<S>[];
  chart?: DailyChartSpec;
}) {
  return (
    <Stack gap="md">
      <KpiCards title={title} summary={summary} cards={cards} />
      {chart && <ChartSection chart={chart} />}
    </Stack>
  );
}

function Dashboard({ mpAccountId }: { mpAccountId: string }) {
  const [period, setPeriod] = useState<Period>('7d');
  const digitization = useSummary('/digitization/summary', mpAccountId, period);
  const pricing = useSummary('/pricing/summary', mpAccountId, period);
  const repricer = useSummary('/repricer/summary', mpAccountId, period);
  const autobidder = useSummary('/autobidder/summary', mpAccountId, period);
  const autoreply = useSummary('/autoreply/summary', mpAccountId, period);
  const charts = useMemo(
    () => ({
      ordersAndSales: digitization.data?.days && ordersAndSalesChart(digitization.data.days),
      priceChanges: pricing.data?.days && priceChangesChart(pricing.data.days),
      spendAndClicks: autobidder.data?.days && spendAndClicksChart(autobidder.data.days),
      answers: autoreply.data?.days && answersChart(autoreply.data.days),
    }),
    [digitization.data, pricing.data, autobidder.data, autoreply.data],
  );
  const error = [digitization, pricing, repricer, autobidder, autoreply].find((summary) => summary.error)?.error;
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Окно — последние 7 или 30 календарных суток UTC, сегодня включительно; изменение — к предыдущему окну той же длины
        </Text>
        <SegmentedControl aria-label="Период" data={PERIODS} value={period} onChange={(value) => setPeriod(value as Period)} />
      </Group>
      <ErrorNotice error={error} />
      <AttentionPanel mpAccountId={mpAccountId} budgetTriggers={autobidder.data?.budgetTriggers} />
      {digitization.data && (
        <ModuleSection title="Заказы и продажи" summary={digitization.data} cards={DIGITIZATION_CARDS} chart={charts.ordersAndSales} />
      )}
      {pricing.data && <ModuleSection title="Ценообразование" summary={pricing.data} cards={PRICING_CARDS} chart={charts.priceChanges} />}
      {repricer.data && <ModuleSection title="Репрайсер" summary={repricer.data} cards={REPRICER_CARDS} />}
      {autobidder.data && (
        <ModuleSection title="Реклама" summary={autobidder.data} cards={AUTOBIDDER_CARDS} chart={charts.spendAndClicks} />
      )}
      {autoreply.data && <ModuleSection title="Отзывы и вопросы" summary={autoreply.data} cards={AUTOREPLY_CARDS} chart={charts.answers} />}
    </Stack>
  );
}

export default function DashboardScreen() {
  return <AccountScreen title="Сводка" noAccount="Подключите кабинет, чтобы увидеть его показатели" content={Dashboard} />;
}
