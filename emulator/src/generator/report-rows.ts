import { DAY_MS } from '../moscow-time';
import type { SellerReports } from '../seller-reports';
import { CatalogShape } from './catalog';
import { MAX_CHANGE_DELAY_MS, orderAt, orderCount, OrderStream, SALE_KINDS, saleTime } from './orders';
import { realisationRow, ReportPeriod, rrdIdOf } from './realisation';
import { costRowsOfDay, costTimeOf, firstCostDayAfter } from './report-costs';

/** What the rows of a realisation report walk cover: the seller's stream, the moments, the cursor and the period kind. */
export interface RowWalk {
  catalog: CatalogShape;
  orders: OrderStream;
  reports: SellerReports;
  startMs: number;
  endMs: number;
  nowMs: number;
  /** Rows after this rrdId. */
  rrdId: number;
  period: ReportPeriod;
}

/**
 * The realisation rows of a period in rrdId order, each made when it is needed: first the sales and returns (those of
 * order n have rrdIds 2n + 1 and 2n + 2, so the walk starts at the cursor's order), then, for a seller with report
 * costs, the cost rows of each day, whose rrdIds are above every order row's. Scripted row changes are applied.
 */
export function* realisationRows({
  catalog,
  orders,
  reports,
  startMs,
  endMs,
  nowMs,
  rrdId,
  period,
}: RowWalk): Generator<Record<string, unknown>> {
  const lastMs = Math.min(endMs, nowMs);
  const firstInPeriod = Math.floor((startMs - MAX_CHANGE_DELAY_MS - orders.firstDayMs) / DAY_MS) * orders.ordersPerDay;
  for (let n = Math.max(0, firstInPeriod, Math.floor((rrdId - 1) / 2)); n < orderCount(orders); n += 1) {
    const order = orderAt(orders, catalog, n);
    if (order.dateMs > lastMs) break;
    for (const kind of SALE_KINDS) {
      const atMs = saleTime(order, kind);
      if (atMs === null || atMs < startMs || atMs > lastMs || rrdIdOf(order, kind) <= rrdId) continue;
      yield reports.amended(realisationRow(catalog, order, kind, atMs, period));
    }
  }
  if (!reports.costs) return;
  const firstDay = Math.max(firstCostDayAfter(orders, rrdId), Math.floor((startMs - orders.firstDayMs) / DAY_MS));
  for (let day = firstDay; day < orders.days; day += 1) {
    const atMs = costTimeOf(orders, day);
    if (atMs > lastMs) return;
    if (atMs < startMs) continue;
    for (const row of costRowsOfDay(orders, catalog, day, period)) {
      if ((row.rrdId as number) > rrdId) yield reports.amended(row);
    }
  }
}
