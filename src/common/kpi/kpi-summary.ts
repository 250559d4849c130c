import { KpiEnvelope, kpiEnvelope, KpiIndicators } from './kpi-envelope';
import type { KpiQueryDto } from './kpi-query.dto';
import { KpiWindow, kpiWindows } from './kpi-window';

/** A module's summary: its indicators over the query's window and the one before, answered as the KPI envelope. */
export async function summarise<K extends string>(
  query: Pick<KpiQueryDto, 'period'>,
  indicators: (window: KpiWindow) => Promise<KpiIndicators<K>>,
): Promise<KpiEnvelope<K>> {
  const { current, previous } = kpiWindows(query.period);
  const [now, before] = await Promise.all([indicators(current), indicators(previous)]);
  return kpiEnvelope(query.period, now, before);
}
