import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';

import type { FastifyInstance, FastifyReply } from 'fastify';

import { realisationJson } from '../generator/realisation';
import { realisationRows } from '../generator/report-rows';
import { jsonArrayPieces } from '../json-cache';
import { DAY_MS, MOSCOW_ZONE } from '../moscow-time';
import { callerOf } from '../pipeline';
import type { Seller } from '../sellers';
import { arrayOf, isString } from './request-checks';
import { parseDateFrom } from './statistics.routes';

const DETAILED_PATH = '/api/finance/v1/sales-reports/detailed';
/** Reference 4.1 and 12.1: rows a page at most. */
export const MAX_LIMIT = 100_000;
/** Reference 4.1: the report has data from 2024-01-29. */
const DATA_START_MS = Date.parse(`2024-01-29T00:00:00${MOSCOW_ZONE}`);

/** Reference 0.3: the finance 400 is problem+json from open-api-finreports. */
export function badRequest(reply: FastifyReply, detail: string): FastifyReply {
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

/** Rows serialized per piece of the streamed answer (about 2 MB). */
const ROWS_PER_PIECE = 1000;

/** What a page of the report is cut from: the seller, the period, where it goes on, how many rows and which fields. */
export interface ReportPage {
  seller: Seller;
  startMs: number;
  endMs: number;
  nowMs: number;
  rrdId: number;
  limit: number;
  period: 'weekly' | 'daily';
  fields: Set<string> | null;
}

/** The page's rows, serialized as the answer needs them: a page of 100 000 rows (about 210 MB) is never held. */
function* reportRows({ seller, startMs, endMs, nowMs, rrdId, limit, period, fields }: ReportPage): Generator<Buffer> {
  const { catalog, orders, reports, largeReportIds } = seller;
  let rows = 0;
  for (const row of realisationRows({ catalog, orders, reports, startMs, endMs, nowMs, rrdId, period })) {
    if (rows >= limit) return;
    const picked = fields ? Object.fromEntries(Object.entries(row).filter(([key]) => fields.has(key))) : row;
    rows += 1;
    yield Buffer.from(realisationJson(picked, largeReportIds));
  }
}

/** The rows again, the first one taken out beforehand to see whether there is any. */
function* startingWith(first: Buffer, rest: Generator<Buffer>): Generator<Buffer> {
  yield first;
  yield* rest;
}

/** A page of rows, streamed as they are made; 204 when there is none. */
export function sendReportRows(reply: FastifyReply, page: ReportPage): FastifyReply {
  const rows = reportRows(page);
  const first = rows.next();
  if (first.done) return reply.status(204).send();
  return reply
    .header('content-type', 'application/json; charset=utf-8')
    .send(Readable.from(jsonArrayPieces(startingWith(first.value, rows), ROWS_PER_PIECE)));
}

/**
 * Reference 4.1: rows of sales and returns (and of a seller's other operations) in the period, by rrdId; start at rrdId 0, continue from the last, until
 * 204. The answer is streamed as its rows are made; the call log keeps the body, where the paging is.
 */
export function registerFinanceRoutes(app: FastifyInstance): void {
  const config = { scope: 'finance', path: DETAILED_PATH, logBody: true } as const;
  app.post<{ Body: DetailedBody }>(DETAILED_PATH, { config }, async (request, reply) => {
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

    return sendReportRows(reply, {
      seller: callerOf(request).seller,
      startMs: Math.max(fromMs, DATA_START_MS),
      // A bare dateTo covers its whole day.
      endMs: /T/.test(body.dateTo as string) ? toDateMs : toDateMs + DAY_MS - 1,
      nowMs: Date.now(),
      rrdId: rrdId as number,
      limit: limit as number,
      period,
      fields: Array.isArray(body.fields) && body.fields.length > 0 ? new Set(body.fields as string[]) : null,
    });
  });
}
