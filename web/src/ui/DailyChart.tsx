import { dayMonth, NO_VALUE, number } from '@shared/format';
import { BarChart, type BarSeriesOption, LineChart, type LineSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  type GridComponentOption,
  LegendComponent,
  type LegendComponentOption,
  TooltipComponent,
  type TooltipComponentOption,
} from 'echarts/components';
import { type ComposeOption, type ECharts, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

import type { ChartSeries, DailyChartSpec } from './daily-chart';

// Only the parts these charts draw, so that the chunk of the screens drawing them stays small.
use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

type ChartOption = ComposeOption<BarSeriesOption | LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption>;

/** Axis labels and tooltips read numbers as the cards do: «8 000»; every measure drawn counts whole things or roubles. */
const valueAxis = { type: 'value', minInterval: 1, axisLabel: { formatter: (value: number) => number(value) } } as const;

/** A scale named after its series, so that two scales side by side say which is which. */
const namedAxis = (chart: DailyChartSpec, axis: ChartSeries['axis']) => ({
  ...valueAxis,
  name: chart.series
    .filter((series) => series.axis === axis)
    .map((series) => series.name)
    .join(', '),
});

function chartOption(chart: DailyChartSpec): ChartOption {
  const twoScales = chart.series.some((series) => series.axis === 'right');
  return {
    grid: { left: 48, right: twoScales ? 48 : 16, top: twoScales ? 56 : 32, bottom: 32 },
    legend: { top: 0 },
    // A day without a value (null) reads as a dash, never as 0.
    tooltip: { trigger: 'axis', valueFormatter: (value) => (typeof value === 'number' ? number(value) : NO_VALUE) },
    xAxis: { type: 'category', data: chart.days.map(dayMonth) },
    yAxis: twoScales ? [namedAxis(chart, 'left'), namedAxis(chart, 'right')] : valueAxis,
    // A null leaves a gap: a line is not drawn through a day without a value.
    series: chart.series.map((series) => ({
      type: series.kind,
      name: series.name,
      yAxisIndex: series.axis === 'right' ? 1 : 0,
      // Lines over bars, so that bars never hide a line.
      z: series.kind === 'line' ? 3 : 2,
      data: series.values,
    })),
  };
}

/** Values of each day of a window, as bars or lines. */
export default function DailyChart({ chart }: { chart: DailyChartSpec }) {
  const element = useRef<HTMLDivElement>(null);
  const instance = useRef<ECharts | null>(null);
  useEffect(() => {
    const created = init(element.current!);
    instance.current = created;
    const resize = () => created.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      created.dispose();
      instance.current = null;
    };
  }, []);
  useEffect(() => {
    instance.current?.setOption(chartOption(chart), { notMerge: true });
  }, [chart]);
  return <div ref={element} role="img" aria-label={chart.summary} style={{ width: '100%', height: 280 }} />;
}
