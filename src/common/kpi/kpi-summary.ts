import { KpiDay, KpiEnvelope, kpiEnvelope, KpiIndicators } from './kpi-envelope';
import type { KpiQueryDto } from './kpi-query.dto';
import { kpiDays, KpiWindow, kpiWindows } from './kpi-window';

/**
 * A module's summary: its indicators over the query's window and the one before, answered as the KPI envelope; with
 * `series=daily`, also the indicators of each UTC day of the window, by the same function. `dataSince` tells from when
 * the module holds the account's data (null: none yet): a previous window that starts earlier holds none or only part
 * of its data, so its values are not compared and every delta is null (a half-imported window would make a rise of
 * thousands of percent).
 */
export async function summarise<K extends string>(
  query: Pick<KpiQueryDto, 'period' | 'series'>,
  indicators: (window: KpiWindow) => Promise<KpiIndicators<K>>,
  dataSince: () => Promise<Date | null>,
): Promise<KpiEnvelope<K>> {
  const { current, previous } = kpiWindows(query.period);
  const [now, before, since] = await Promise.all([indicators(current), indicators(previous), dataSince()]);
  const comparable = since !== null && since.getTime() <= previous.from.getTime();
  const envelope = kpiEnvelope(query.period, now, comparable ? before : null);
  if (query.series !== 'daily') return envelope;
  const days = await Promise.all(
    kpiDays(current).map(async (day): Promise<KpiDay<K>> => ({ day: day.from.toISOString().slice(0, 10), ...(await indicators(day)) })),
  );
  return { ...envelope, days };
}
