import type { FastifyInstance, FastifyReply } from 'fastify';
import type { CatalogShape } from '../generator/catalog';
import { MAX_CHANGE_DELAY_MS, orderAt, orderCount, OrderFacts, orderRow, OrderStream, saleRows } from '../generator/orders';
import { callerOf } from '../pipeline';

const ORDERS_PATH = '/api/v1/supplier/orders';
const SALES_PATH = '/api/v1/supplier/sales';
/** Reference 3: up to about 80 000 rows per answer. */
const MAX_ROWS = 80_000;
const DAY_MS = 86_400_000;
const MOSCOW_OFFSET_MS = 3 * 3_600_000;

/** Reference 3: a date or an RFC 3339 date-time, seconds or milliseconds; Moscow time when it has no zone. */
export function parseDateFrom(value: string): number | null {
  const match = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}:\d{2})(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})?)?$/.exec(value);
  if (!match) return null;
  const [, date, time = '00:00:00', fraction = '', zone] = match;
  const ms = Date.parse(`${date}T${time}${fraction.slice(0, 4)}${zone ?? '+03:00'}`);
  return Number.isNaN(ms) ? null : ms;
}

function badRequest(reply: FastifyReply, errors: string[] | string): FastifyReply {
  return reply.status(400).send({ errors });
}

interface Window {
  fromMs: number;
  /** flag=1: only rows whose date falls on this Moscow day [dayStart, dayStart + 1 day). */
  day: number | null;
}

function readWindow(query: Record<string, string>, reply: FastifyReply): Window | null {
  if (query.dateFrom === undefined) {
    badRequest(reply, ['dateFrom: field required']);
    return null;
  }
  const fromMs = parseDateFrom(query.dateFrom);
  if (fromMs === null) {
    badRequest(reply, 'dateFrom: Value not validated');
    return null;
  }
  const flag = query.flag ?? '0';
  if (flag !== '0' && flag !== '1') {
    badRequest(reply, 'flag: Value not validated');
    return null;
  }
  const dayStart = Math.floor((fromMs + MOSCOW_OFFSET_MS) / DAY_MS) * DAY_MS - MOSCOW_OFFSET_MS;
  return { fromMs, day: flag === '1' ? dayStart : null };
}

/** Orders whose changes can fall in [fromMs, now]: from MAX_CHANGE_DELAY before fromMs up to now. */
function* ordersFrom(stream: OrderStream, shape: CatalogShape, fromMs: number, nowMs: number): Generator<OrderFacts> {
  const firstDay = Math.max(0, Math.floor((fromMs - MAX_CHANGE_DELAY_MS - stream.firstDayMs) / DAY_MS));
  for (let n = firstDay * stream.ordersPerDay; n < orderCount(stream); n += 1) {
    const order = orderAt(stream, shape, n);
    if (order.dateMs > nowMs) return;
    yield order;
  }
}

/**
 * flag=0 rows. The reference says lastChangeDate >= dateFrom, yet pages continue from the last row's lastChangeDate
 * until an empty answer, which can only end if that row is not returned again: rows changed after dateFrom
 * (to the second, as dates are written) are returned. Unconfirmed; see emulator/README.md.
 */
function changedAfter(changeMs: number, fromMs: number): boolean {
  return Math.floor(changeMs / 1000) > Math.floor(fromMs / 1000) || (fromMs % 1000 === 0 && changeMs >= fromMs && isStartOfDayMoscow(fromMs));
}

/** A bare date (the first request) includes changes at its very first second. */
function isStartOfDayMoscow(ms: number): boolean {
  return (ms + MOSCOW_OFFSET_MS) % DAY_MS === 0;
}

/** A change that has not happened yet is not visible. */
function visible(order: OrderFacts, nowMs: number): OrderFacts {
  return order.cancelMs !== null && order.cancelMs > nowMs ? { ...order, cancelMs: null } : order;
}

export function registerStatisticsRoutes(app: FastifyInstance): void {
  app.get<{ Querystring: Record<string, string> }>(ORDERS_PATH, { config: { scope: 'statistics', path: ORDERS_PATH } }, async (request, reply) => {
    const window = readWindow(request.query, reply);
    if (!window) return reply;
    const { catalog, orders } = callerOf(request).seller;
    const nowMs = Date.now();
    const rows: { changeMs: number; row: ReturnType<typeof orderRow> }[] = [];
    for (const raw of ordersFrom(orders, catalog, window.day ?? window.fromMs, nowMs)) {
      const order = visible(raw, nowMs);
      const changeMs = order.cancelMs ?? order.dateMs;
      const inWindow = window.day === null ? changedAfter(changeMs, window.fromMs) : order.dateMs >= window.day && order.dateMs < window.day + DAY_MS;
      if (inWindow) rows.push({ changeMs, row: orderRow(catalog, order) });
      if (window.day !== null && order.dateMs >= window.day + DAY_MS) break;
    }
    rows.sort((a, b) => a.changeMs - b.changeMs);
    return rows.slice(0, window.day === null ? MAX_ROWS : undefined).map((entry) => entry.row);
  });

  app.get<{ Querystring: Record<string, string> }>(SALES_PATH, { config: { scope: 'statistics', path: SALES_PATH } }, async (request, reply) => {
    const window = readWindow(request.query, reply);
    if (!window) return reply;
    const { catalog, orders } = callerOf(request).seller;
    const nowMs = Date.now();
    const rows: ReturnType<typeof saleRows> = [];
    const fromMs = window.day ?? window.fromMs;
    for (const order of ordersFrom(orders, catalog, fromMs, nowMs)) {
      for (const row of saleRows(catalog, order, nowMs)) {
        const inWindow = window.day === null ? changedAfter(row.atMs, window.fromMs) : row.atMs >= window.day && row.atMs < window.day + DAY_MS;
        if (inWindow) rows.push(row);
      }
    }
    rows.sort((a, b) => a.atMs - b.atMs);
    return rows.slice(0, window.day === null ? MAX_ROWS : undefined).map(({ atMs: _atMs, ...row }) => row);
  });
}
