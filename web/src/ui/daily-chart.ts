import { counted, dayMonth, NO_VALUE, number } from '@shared/format';

export interface ChartSeries {
  name: string;
  kind: 'bar' | 'line';
  /** A second measure (clicks beside roubles) has its own scale on the right. */
  axis: 'left' | 'right';
  /** One value a day; null where the day has none to show (a gap, not a zero). */
  values: (number | null)[];
}

/** A chart of a window's days: its title, what it says for those who do not see it, the days and the series. */
export interface DailyChartSpec {
  title: string;
  summary: string;
  /** What the chart says instead when no day of the window has anything to show. */
  empty: string;
  days: string[];
  series: ChartSeries[];
}

export const total = (values: number[]) => values.reduce((sum, value) => sum + value, 0);

/** A chart's title with the length of its window: «Ответы по дням за 7 дней». */
export const windowTitle = (title: string, days: unknown[]) => `${title} за ${counted(days.length, ['день', 'дня', 'дней'])}`;

/** Whether no day of the window has anything to draw: every value of every series is 0 or none, or there are no days. */
export const hasNothingToDraw = (chart: DailyChartSpec) =>
  chart.series.every((series) => series.values.every((value) => value === 0 || value === null));

/** The chart as text, a row a day: the day as its axis reads it, then each series' value, a dash where there is none. */
export const chartRows = (chart: DailyChartSpec): string[][] =>
  chart.days.map((day, index) => [
    dayMonth(day),
    ...chart.series.map((series) => {
      const value = series.values[index];
      return value === null ? NO_VALUE : number(value);
    }),
  ]);
