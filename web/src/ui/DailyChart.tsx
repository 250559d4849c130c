import { number } from '@shared/format';
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

import type { DailyChartSpec } from './daily-charts';

// Only the parts these charts draw, so that the summary's chunk stays small.
use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

type ChartOption = ComposeOption<BarSeriesOption | LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption>;

/** Axis labels and tooltips read numbers as the cards do: «8 000». */
const valueAxis = { type: 'value', axisLabel: { formatter: (value: number) => number(value) } } as const;

/** YYYY-MM-DD as DD.MM. */
const dayLabel = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}`;

function chartOption(chart: DailyChartSpec): ChartOption {
  const twoScales = chart.series.some((series) => series.axis === 'right');
  return {
    grid: { left: 48, right: twoScales ? 48 : 16, top: 32, bottom: 32 },
    legend: { top: 0 },
    tooltip: { trigger: 'axis', valueFormatter: (value) => (typeof value === 'number' ? number(value) : String(value)) },
    xAxis: { type: 'category', data: chart.days.map(dayLabel) },
    yAxis: twoScales ? [valueAxis, { ...valueAxis, minInterval: 1 }] : { ...valueAxis, minInterval: 1 },
    series: chart.series.map((series) => ({
      type: series.kind,
      name: series.name,
      yAxisIndex: series.axis === 'right' ? 1 : 0,
      data: series.values,
    })),
  };
}

/** Indicators of each UTC day of the window, as bars or lines. */
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
