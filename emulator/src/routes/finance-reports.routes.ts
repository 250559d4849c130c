import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { acquiringReports, acquiringRows, weeklyOfAcquiringId } from '../generator/acquiring';
import { amountOfKopecks } from '../generator/kopecks';
import { internalReportId, realisationJson, reportOfId } from '../generator/realisation';
import { isFormed, listItem, reportTotals } from '../generator/sales-reports';
import { DAY_MS } from '../moscow-time';
import { callerOf } from '../pipeline';
import { problem, sendProblem } from '../problem';
import type { Seller } from '../sellers';
import { badRequest, MAX_LIMIT, sendReportRows } from './finance.routes';
import { arrayOf, isString } from './request-checks';
import { parseDateFrom } from './statistics.routes';

export const SALES_REPORTS_LIST_PATH = '/api/finance/v1/sales-reports/list';
export const SALES_REPORT_BY_ID_PATH = '/api/finance/v1/sales-reports/detailed/{reportId}';
export const ACQUIRING_LIST_PATH = '/api/finance/v1/acquiring/list';
export const ACQUIRING_BY_ID_PATH = '/api/finance/v1/acquiring/detailed/{reportId}';
export const BALANCE_PATH = '/api/v1/account/balance';
/** Reference 12.1 and 12.3: list items a page at most. */
const MAX_LIST_LIMIT = 1000;

type Body = Record<string, unknown>;

/** Reference 12.1 and 12.3: these calls are for Personal and Service tokens; a Base token is refused. */
function refusesBaseToken(request: FastifyRequest, reply: FastifyReply): FastifyReply | null {
  if (callerOf(request).token.type !== 'base') return null;
  return sendProblem(reply, {
    ...problem(403, 'forbidden', 'base token is not allowed', 's2s-finance'),
    code: 'base token is not allowed for this path',
  });
}

interface ListWindow {
  fromMs: number;
  toMs: number;
  limit: number;
  offset: number;
  period: 'weekly' | 'daily';
}

/** Reference 12.1 and 12.3: the list body, or what is wrong with it (the finance 400's detail). */
function listWindow(body: Body, withPeriod: boolean): ListWindow | string {
  for (const name of ['dateFrom', 'dateTo'] as const) {
    if (typeof body[name] !== 'string') return `GetReportsList decode error: missing ${name} params`;
  }
  const fromMs = parseDateFrom(body.dateFrom as string);
  const toDateMs = parseDateFrom(body.dateTo as string);
  if (fromMs === null || toDateMs === null) return 'GetReportsList decode error: invalid date';
  const { limit = MAX_LIST_LIMIT, offset = 0, period = 'weekly' } = body;
  if (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > MAX_LIST_LIMIT) return 'limit: must be from 1 to 1000';
  if (!Number.isInteger(offset) || (offset as number) < 0) return 'offset: must be a non-negative integer';
  if (!withPeriod && body.period !== undefined) return 'GetReportsList decode error: unknown field "period"';
  if (period !== 'weekly' && period !== 'daily') return 'period: weekly or daily';
  // A bare dateTo covers its whole day.
  const toMs = /T/.test(body.dateTo as string) ? toDateMs : toDateMs + DAY_MS - 1;
  return { fromMs, toMs, limit: limit as number, offset: offset as number, period };
}

/** Reference 12.1: the paging of a report's rows, or what is wrong with it. */
function rowsPaging(body: Body): { limit: number; rrdId: number; fields: Set<string> | null } | string {
  const { limit = MAX_LIMIT, rrdId = 0, fields } = body;
  if (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > MAX_LIMIT) return 'limit: must be from 1 to 100000';
  if (!Number.isInteger(rrdId) || (rrdId as number) < 0) return 'rrdId: must be a non-negative integer';
  if (fields !== undefined && !arrayOf(isString)(fields)) return 'fields: must be an array of strings';
  const picked = Array.isArray(fields) && fields.length > 0 ? new Set(fields as string[]) : null;
  return { limit: limit as number, rrdId: rrdId as number, fields: picked };
}

/** A JSON array of items whose reportId the seller may see above 2^53 (bare digits), or 204 when there is none. */
function sendItems(reply: FastifyReply, items: Record<string, unknown>[], seller: Seller): FastifyReply {
  if (items.length === 0) return reply.status(204).send();
  return reply
    .header('content-type', 'application/json; charset=utf-8')
    .send(`[${items.map((item) => realisationJson(item, seller.largeReportIds)).join(',')}]`);
}

/**
 * Reference 12.1-12.3: the realisation reports' list (totals added up from the same rows the detailed calls answer),
 * one report's rows by its id, the weekly acquiring reports and their rows, and the account balance.
 */
export function registerFinanceReportsRoutes(app: FastifyInstance): void {
  app.post<{ Body: Body }>(
    SALES_REPORTS_LIST_PATH,
    { config: { scope: 'finance', path: SALES_REPORTS_LIST_PATH, logBody: true } },
    async (request, reply) => {
      const refused = refusesBaseToken(request, reply);
      if (refused) return refused;
      const window = listWindow(request.body ?? {}, true);
      if (typeof window === 'string') return badRequest(reply, window);
      const { seller } = callerOf(request);
      const { catalog, orders, reports } = seller;
      const totals = reportTotals({
        catalog,
        orders,
        reports,
        period: window.period,
        fromMs: window.fromMs,
        toMs: window.toMs,
        nowMs: Date.now(),
      });
      const items = totals
        .slice(window.offset, window.offset + window.limit)
        .map((report) => listItem(report, seller.name, reports.totalShiftsOf(report.report.reportId)));
      return sendItems(reply, items, seller);
    },
  );

  app.post<{ Params: { reportId: string }; Body: Body }>(
    '/api/finance/v1/sales-reports/detailed/:reportId',
    { config: { scope: 'finance', path: SALES_REPORT_BY_ID_PATH, logBody: true } },
    async (request, reply) => {
      const refused = refusesBaseToken(request, reply);
      if (refused) return refused;
      const { seller } = callerOf(request);
      if (!/^\d+$/.test(request.params.reportId))
        return badRequest(reply, `GetReportDetailByReportID decode error: invalid reportId ${request.params.reportId}`);
      const paging = rowsPaging(request.body ?? {});
      if (typeof paging === 'string') return badRequest(reply, paging);
      const nowMs = Date.now();
      const id = internalReportId(request.params.reportId, seller.largeReportIds);
      const report = id === null ? null : reportOfId(id);
      // Reference 12.1: no 404 is listed; a report the seller does not have has no rows.
      if (!report || !isFormed(report, nowMs)) return reply.status(204).send();
      return sendReportRows(reply, {
        seller,
        startMs: report.fromMs,
        endMs: report.toMs + DAY_MS - 1,
        nowMs,
        period: report.period,
        ...paging,
      });
    },
  );

  app.post<{ Body: Body }>(
    ACQUIRING_LIST_PATH,
    { config: { scope: 'finance', path: ACQUIRING_LIST_PATH, logBody: true } },
    async (request, reply) => {
      const refused = refusesBaseToken(request, reply);
      if (refused) return refused;
      const window = listWindow(request.body ?? {}, false);
      if (typeof window === 'string') return badRequest(reply, window);
      const { seller } = callerOf(request);
      const { catalog, orders, reports } = seller;
      const items = acquiringReports(
        { catalog, orders, reports, nowMs: Date.now(), fromMs: window.fromMs, toMs: window.toMs },
        seller.name,
      );
      return sendItems(reply, items.slice(window.offset, window.offset + window.limit), seller);
    },
  );

  app.post<{ Params: { reportId: string }; Body: Body }>(
    '/api/finance/v1/acquiring/detailed/:reportId',
    { config: { scope: 'finance', path: ACQUIRING_BY_ID_PATH, logBody: true } },
    async (request, reply) => {
      const refused = refusesBaseToken(request, reply);
      if (refused) return refused;
      const { seller } = callerOf(request);
      if (!/^\d+$/.test(request.params.reportId))
        return badRequest(reply, `GetAcquiringReportDetail decode error: invalid reportId ${request.params.reportId}`);
      const paging = rowsPaging(request.body ?? {});
      if (typeof paging === 'string') return badRequest(reply, paging);
      const nowMs = Date.now();
      const id = internalReportId(request.params.reportId, seller.largeReportIds);
      const weekly = id === null ? null : weeklyOfAcquiringId(id);
      if (!weekly || !isFormed(weekly, nowMs)) return reply.status(204).send();
      const { catalog, orders, reports } = seller;
      const rows = [];
      for (const row of acquiringRows({ catalog, orders, reports, weekly, nowMs, rrdId: paging.rrdId })) {
        if (rows.length >= paging.limit) break;
        rows.push(paging.fields ? Object.fromEntries(Object.entries(row).filter(([key]) => paging.fields!.has(key))) : row);
      }
      return sendItems(reply, rows, seller);
    },
  );

  /**
   * Reference 12.2: current = the bankPaymentSum of the last two formed weekly reports, for_withdraw = that of the
   * last one, added up from their rows (scripted list mismatches do not move money).
   */
  app.get(BALANCE_PATH, { config: { scope: 'finance', path: BALANCE_PATH } }, async (request, reply) => {
    const { catalog, orders, reports } = callerOf(request).seller;
    const nowMs = Date.now();
    const lastTwo = reportTotals({ catalog, orders, reports, period: 'weekly', fromMs: nowMs - 21 * DAY_MS, toMs: nowMs, nowMs }).slice(-2);
    const current = lastTwo.reduce((sum, totals) => sum + totals.of('bankPaymentSum'), 0);
    const forWithdraw = lastTwo.at(-1)?.of('bankPaymentSum') ?? 0;
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .send(`{"currency":"RUB","current":${amountOfKopecks(current)},"for_withdraw":${amountOfKopecks(forWithdraw)}}`);
  });
}
