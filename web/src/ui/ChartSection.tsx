import { Loader, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';

import { type DailyChartSpec, hasNothingToDraw } from './daily-charts';

// The chart library is the largest part of the screen: the cards show while it loads.
const DailyChart = lazy(() => import('./DailyChart'));

/** A chart of the window's days under its title, or why there is none. */
export function ChartSection({ chart }: { chart: DailyChartSpec }) {
  return (
    <section aria-label={chart.title}>
      <Title order={4} mb="sm">
        {chart.title}
      </Title>
      {hasNothingToDraw(chart) ? (
        <Text c="dimmed">{chart.empty}</Text>
      ) : (
        <Suspense fallback={<Loader size="sm" aria-label="Загрузка графика" />}>
          <DailyChart chart={chart} />
        </Suspense>
      )}
    </section>
  );
}
