import { BarChart, type BarSeriesOption } from 'echarts/charts';
import { GridComponent, type GridComponentOption, TooltipComponent, type TooltipComponentOption } from 'echarts/components';
import { type ComposeOption, type ECharts, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

import type { DayCount } from './price-changes-per-day';

// Only the parts this chart draws, so that the dashboard's chunk stays small.
use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

type ChartOption = ComposeOption<BarSeriesOption | GridComponentOption | TooltipComponentOption>;

/** YYYY-MM-DD as DD.MM. */
const dayLabel = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}`;

function chartOption(days: DayCount[]): ChartOption {
  return {
    grid: { left: 40, right: 16, top: 16, bottom: 32 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: days.map((day) => dayLabel(day.day)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ type: 'bar', name: 'Изменения цен', data: days.map((day) => day.count) }],
  };
}

/** What the chart says, for those who do not see it. */
function chartSummary(days: DayCount[]): string {
  const total = days.reduce((sum, day) => sum + (day.count ?? 0), 0);
  const unknown = days.filter((day) => day.count === null).length;
  return `Изменения цен по дням за ${days.length} дней: всего ${total}${unknown ? `, за ${unknown} ранних дней данных нет` : ''}`;
}

/** Price changes per UTC day as bars; a day without data has no bar. */
export default function PriceChangesChart({ days }: { days: DayCount[] }) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  useEffect(() => {
    const instance = init(element.current!);
    chart.current = instance;
    const resize = () => instance.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      instance.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(chartOption(days));
  }, [days]);
  return <div ref={element} role="img" aria-label={chartSummary(days)} style={{ width: '100%', height: 280 }} />;
}
