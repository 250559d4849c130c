import { Loader, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';

import type { DailyChartSpec } from './daily-charts';

// The chart library is the largest part of the screen: the cards show while it loads.
const DailyChart = lazy(() => import('./DailyChart'));

/** A chart of the window's days under its title. */
export function ChartSection({ chart }: { chart: DailyChartSpec }) {
  return (
    <section aria-label={chart.title}>
      <Title order={4} mb="sm">
        {chart.title}
      </Title>
      <Suspense fallback={<Loader size="sm" aria-label="Загрузка графика" />}>
        <DailyChart chart={chart} />
      </Suspense>
    </section>
  );
}
