import { Loader, Table, Text, Title, type TitleOrder, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense } from 'react';

import { chartRows, type DailyChartSpec, hasNothingToDraw } from './daily-chart';

// The chart library is the largest part of a screen that draws one: the rest shows while it loads.
const DailyChart = lazy(() => import('./DailyChart'));

/** The chart's values of each day for those who cannot see the canvas. */
function ChartTable({ chart }: { chart: DailyChartSpec }) {
  return (
    <VisuallyHidden>
      <Table aria-label={`${chart.title}: значения по дням`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>День</Table.Th>
            {chart.series.map((series) => (
              <Table.Th key={series.name}>{series.name}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {chartRows(chart).map((cells, index) => (
            <Table.Tr key={chart.days[index]}>
              {cells.map((cell, column) => (
                <Table.Td key={column}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </VisuallyHidden>
  );
}

/** A chart of a window's days under its title, or why there is none. */
export function ChartSection({ chart, order = 4 }: { chart: DailyChartSpec; order?: TitleOrder }) {
  return (
    <section aria-label={chart.title}>
      <Title order={order} mb="sm">
        {chart.title}
      </Title>
      {hasNothingToDraw(chart) ? (
        <Text c="dimmed">{chart.empty}</Text>
      ) : (
        <>
          <Suspense fallback={<Loader size="sm" aria-label="Загрузка графика" />}>
            <DailyChart chart={chart} />
          </Suspense>
          <ChartTable chart={chart} />
        </>
      )}
    </section>
  );
}
