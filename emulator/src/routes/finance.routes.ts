import { randomUUID } from 'node:crypto';

import type { FastifyInstance, FastifyReply } from 'fastify';

import { MAX_CHANGE_DELAY_MS, orderAt, orderCount, SALE_KINDS, saleTime } from '../generator/orders';
import { realisationJson, realisationRow, rrdIdOf } from '../generator/realisation';
import { DAY_MS, MOSCOW_ZONE } from '../moscow-time';
import { callerOf } from '../pipeline';
import { arrayOf, isString } from './request-checks';
import { parseDateFrom } from './statistics.routes';

const DETAILED_PATH = '/api/finance/v1/sales-reports/detailed';
const MAX_LIMIT = 100_000;
/** Reference 4.1: the report has data from 2024-01-29. */
const DATA_START_MS = Date.parse(`2024-01-29T00:00:00${MOSCOW_ZONE}`);

/** Reference 0.3: the finance 400 is problem+json from open-api-finreports. */
function badRequest(reply: FastifyReply, detail: string): FastifyReply {
  return reply
    .status(400)
    .header('content-type', 'application/problem+json')
    .send(JSON.stringify({ status: 400, title: 'bad request', detail, requestId: randomUUID(), origin: 'open-api-finreports' }));
}

interface DetailedBody {
  dateFrom?: unknown;
  dateTo?: unknown;
  limit?: unknown;
  rrdId?: unknown;
  period?: unknown;
  fields?: unknown;
}

/** Reference 4.1: rows of sales and returns in the period, by rrdId; start at rrdId 0, continue from the last, until 204. */
export function registerFinanceRoutes(app: FastifyInstance): void {
  app.post<{ Body: DetailedBody }>(DETAILED_PATH, { config: { scope: 'finance', path: DETAILED_PATH } }, async (request, reply) => {
    const body = request.body ?? {};
    for (const name of ['dateFrom', 'dateTo'] as const) {
      if (typeof body[name] !== 'string') return badRequest(reply, `GetReportDetailByPeriodNB decode error: missing ${name} params`);
    }
    const fromMs = parseDateFrom(body.dateFrom as string);
    const toDateMs = parseDateFrom(body.dateTo as string);
    if (fromMs === null || toDateMs === null) return badRequest(reply, 'GetReportDetailByPeriodNB decode error: invalid date');
    const limit = body.limit ?? MAX_LIMIT;
    const rrdId = body.rrdId ?? 0;
    const period = body.period ?? 'weekly';
    if (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > MAX_LIMIT)
      return badRequest(reply, 'limit: must be from 1 to 100000');
    if (!Number.isInteger(rrdId) || (rrdId as number) < 0) return badRequest(reply, 'rrdId: must be a non-negative integer');
    if (period !== 'weekly' && period !== 'daily') return badRequest(reply, 'period: weekly or daily');
    if (body.fields !== undefined && !arrayOf(isString)(body.fields)) return badRequest(reply, 'fields: must be an array of strings');
    const fields = Array.isArray(body.fields) && body.fields.length > 0 ? new Set(body.fields as string[]) : null;

    const { catalog, orders, largeReportIds } = callerOf(request).seller;
    const startMs = Math.max(fromMs, DATA_START_MS);
    // A bare dateTo covers its whole day.
    const endMs = /T/.test(body.dateTo as string) ? toDateMs : toDateMs + DAY_MS - 1;
    const nowMs = Date.now();
    const rows: string[] = [];
    const firstOrder = Math.max(0, Math.floor((startMs - MAX_CHANGE_DELAY_MS - orders.firstDayMs) / DAY_MS) * orders.ordersPerDay);
    for (let n = firstOrder; n < orderCount(orders) && rows.length < (limit as number); n += 1) {
      const order = orderAt(orders, catalog, n);
      if (order.dateMs > Math.min(endMs, nowMs)) break;
      for (const kind of SALE_KINDS) {
        const atMs = saleTime(order, kind);
        if (atMs === null || atMs < startMs || atMs > endMs || atMs > nowMs || rrdIdOf(order, kind) <= (rrdId as number)) continue;
        const row = realisationRow(catalog, order, kind, atMs, period);
        const picked = fields ? Object.fromEntries(Object.entries(row).filter(([key]) => fields.has(key))) : row;
        rows.push(realisationJson(picked, largeReportIds));
      }
    }
    if (rows.length === 0) return reply.status(204).send();
    return reply.header('content-type', 'application/json; charset=utf-8').send(`[${rows.slice(0, limit as number).join(',')}]`);
  });
}
