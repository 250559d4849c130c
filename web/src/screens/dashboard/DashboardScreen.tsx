import { Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';

import { useCurrentAccountId } from '../../layout/current-account';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { usePriceChangesPerDay, usePricingSummary, useRepricerSummary } from './dashboard-queries';
import { PRICING_CARDS, REPRICER_CARDS } from './kpi-cards';
import { KpiCards } from './KpiCards';
import type { Period } from './price-changes-per-day';

// The chart library is the largest part of the screen: the cards show while it loads.
const PriceChangesChart = lazy(() => import('./PriceChangesChart'));

const PERIODS = [
  { value: '7d', label: '7 дней' },
  { value: '30d', label: '30 дней' },
];

function Dashboard({ mpAccountId }: { mpAccountId: string }) {
  const [period, setPeriod] = useState<Period>('7d');
  const pricing = usePricingSummary(mpAccountId, period);
  const repricer = useRepricerSummary(mpAccountId, period);
  const perDay = usePriceChangesPerDay(mpAccountId, period);
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Окно — последние 7 или 30 календарных суток UTC, сегодня включительно; изменение — к предыдущему окну той же длины
        </Text>
        <SegmentedControl aria-label="Период" data={PERIODS} value={period} onChange={(value) => setPeriod(value as Period)} />
      </Group>
      <ErrorNotice error={pricing.error ?? repricer.error ?? perDay.error} />
      {pricing.data && <KpiCards title="Ценообразование" summary={pricing.data} cards={PRICING_CARDS} />}
      {repricer.data && <KpiCards title="Репрайсер" summary={repricer.data} cards={REPRICER_CARDS} />}
      <section aria-label="Изменения цен по дням">
        <Title order={3} mb="sm">
          Изменения цен по дням
        </Title>
        <Suspense fallback={<Loader size="sm" aria-label="Загрузка графика" />}>
          {perDay.data && <PriceChangesChart days={perDay.data} />}
        </Suspense>
      </section>
    </Stack>
  );
}

export default function DashboardScreen() {
  const mpAccountId = useCurrentAccountId();
  return (
    <Stack>
      <Title order={2}>Сводка</Title>
      {mpAccountId ? (
        <Dashboard key={mpAccountId} mpAccountId={mpAccountId} />
      ) : (
        <Text c="dimmed">Подключите кабинет, чтобы увидеть его показатели</Text>
      )}
    </Stack>
  );
}
