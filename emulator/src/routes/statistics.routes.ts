import { Readable } from 'node:stream';

import type { FastifyInstance, FastifyReply } from 'fastify';

import type { CatalogShape } from '../generator/catalog';
import {
  MAX_CANCEL_DELAY_MS,
  MAX_CHANGE_DELAY_MS,
  orderAt,
  orderCount,
  OrderFacts,
  orderRow,
  OrderStream,
  SALE_KINDS,
  saleRow,
  saleTime,
} from '../generator/orders';
import { jsonArrayPieces } from '../json-cache';
import { DAY_MS, MOSCOW_ZONE, moscowDayNumber, moscowDayStartOf } from '../moscow-time';
import { callerOf } from '../pipeline';

const ORDERS_PATH = '/api/v1/supplier/orders';
const SALES_PATH = '/api/v1/supplier/sales';
/** Reference 3: up to about 80 000 rows per answer. */
const MAX_ROWS = 80_000;

/** Reference 3: a date or an RFC 3339 date-time, seconds or milliseconds; Moscow time when it has no zone. */
export function parseDateFrom(value: string): number | null {
  const match = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}:\d{2})(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})?)?$/.exec(value);
  if (!match) return null;
  const [, date, time = '00:00:00', fraction = '', zone] = match;
  const ms = Date.parse(`${date}T${time}${fraction.slice(0, 4)}${zone ?? MOSCOW_ZONE}`);
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
  const dayStart = moscowDayStartOf(moscowDayNumber(fromMs));
  return { fromMs, day: flag === '1' ? dayStart : null };
}

/** Orders whose rows can change in [fromMs, now]: from `maxDelayMs` (the latest change of such a row) before fromMs up to now. */
function* ordersFrom(stream: OrderStream, shape: CatalogShape, fromMs: number, nowMs: number, maxDelayMs: number): Generator<OrderFacts> {
  const firstDay = Math.max(0, Math.floor((fromMs - maxDelayMs - stream.firstDayMs) / DAY_MS));
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
  return (
    Math.floor(changeMs / 1000) > Math.floor(fromMs / 1000) || (fromMs % 1000 === 0 && changeMs >= fromMs && isStartOfDayMoscow(fromMs))
  );
}

/** A bare date (the first request) includes changes at its very first second. */
function isStartOfDayMoscow(ms: number): boolean {
  return moscowDayStartOf(moscowDayNumber(ms)) === ms;
}

/** The orders a flag=0 page or a flag=1 day can draw rows from; a day's orders end with it. */
function* ordersOfWindow(stream: OrderStream, shape: CatalogShape, window: Window, nowMs: number): Generator<OrderFacts> {
  for (const order of ordersFrom(stream, shape, window.day ?? window.fromMs, nowMs, MAX_CANCEL_DELAY_MS)) {
    if (window.day !== null && order.dateMs >= window.day + DAY_MS) return;
    yield order;
  }
}

/** A change that has not happened yet is not visible. */
function visible(order: OrderFacts, nowMs: number): OrderFacts {
  return order.cancelMs !== null && order.cancelMs > nowMs ? { ...order, cancelMs: null } : order;
}

/** The rows an order gives; a row is fixed by its order and variant, so it is cached under both. */
const ROW_VARIANTS = { order: 0, cancelledOrder: 1, S: 2, R: 3 } as const;

function rowKey(n: number, variant: keyof typeof ROW_VARIANTS): number {
  return n * 4 + ROW_VARIANTS[variant];
}

interface FeedRow {
  atMs: number;
  json: () => Buffer;
}

const secondOf = (ms: number): number => Math.floor(ms / 1000);

/**
 * The rows of the orders in date order, oldest change first, cut at MAX_ROWS for flag=0 but never inside a second (the
 * page may hold a few rows more): the next page starts after the last row's second, so a row of that second left out
 * would never be answered. A change never precedes its order, so once MAX_ROWS rows are in hand, orders dated after the
 * second of the last of the first MAX_ROWS changes cannot add to the page: the walk stops there instead of reading
 * every order up to now for every page.
 */
function pageRows(orders: Iterable<OrderFacts>, rowsOf: (order: OrderFacts) => FeedRow[], window: Window): FeedRow[] {
  const rows: FeedRow[] = [];
  let cutMs = Infinity;
  for (const order of orders) {
    if (order.dateMs > cutMs) break;
    rows.push(...rowsOf(order));
    if (window.day === null && cutMs === Infinity && rows.length >= MAX_ROWS) {
      rows.sort((a, b) => a.atMs - b.atMs);
      cutMs = (secondOf(rows[MAX_ROWS - 1].atMs) + 1) * 1000 - 1;
    }
  }
  rows.sort((a, b) => a.atMs - b.atMs);
  if (window.day !== null || rows.length <= MAX_ROWS) return rows;
  const lastSecond = secondOf(rows[MAX_ROWS - 1].atMs);
  let end = MAX_ROWS;
  while (end < rows.length && secondOf(rows[end].atMs) === lastSecond) end += 1;
  return rows.slice(0, end);
}

/** Rows serialized per piece of the streamed answer. */
const ROWS_PER_PIECE = 2000;

function* rowTexts(rows: FeedRow[]): Generator<Buffer> {
  for (const row of rows) yield row.json();
}

/** A JSON array of cached rows, streamed: a page is never serialized whole. */
function rowsBody(reply: FastifyReply, rows: FeedRow[]): FastifyReply {
  return reply
    .header('content-type', 'application/json; charset=utf-8')
    .send(Readable.from(jsonArrayPieces(rowTexts(rows), ROWS_PER_PIECE)));
}

export function registerStatisticsRoutes(app: FastifyInstance): void {
  app.get<{ Querystring: Record<string, string> }>(
    ORDERS_PATH,
    { config: { scope: 'statistics', path: ORDERS_PATH } },
    async (request, reply) => {
      const window = readWindow(request.query, reply);
      if (!window) return reply;
      const { catalog, orders, rowsJson } = callerOf(request).seller;
      const nowMs = Date.now();
      const rowsOf = (raw: OrderFacts): FeedRow[] => {
        const order = visible(raw, nowMs);
        const changeMs = order.cancelMs ?? order.dateMs;
        const inWindow =
          window.day === null ? changedAfter(changeMs, window.fromMs) : order.dateMs >= window.day && order.dateMs < window.day + DAY_MS;
        if (!inWindow) return [];
        const variant = order.cancelMs === null ? 'order' : 'cancelledOrder';
        return [{ atMs: changeMs, json: () => rowsJson.get(rowKey(order.n, variant), () => orderRow(catalog, order)) }];
      };
      return rowsBody(reply, pageRows(ordersOfWindow(orders, catalog, window, nowMs), rowsOf, window));
    },
  );

  app.get<{ Querystring: Record<string, string> }>(
    SALES_PATH,
    { config: { scope: 'statistics', path: SALES_PATH } },
    async (request, reply) => {
      const window = readWindow(request.query, reply);
      if (!window) return reply;
      const { catalog, orders, rowsJson } = callerOf(request).seller;
      const nowMs = Date.now();
      const rowsOf = (order: OrderFacts): FeedRow[] =>
        SALE_KINDS.flatMap((kind) => {
          const atMs = saleTime(order, kind);
          if (atMs === null || atMs > nowMs) return [];
          const inWindow = window.day === null ? changedAfter(atMs, window.fromMs) : atMs >= window.day && atMs < window.day + DAY_MS;
          return inWindow ? [{ atMs, json: () => rowsJson.get(rowKey(order.n, kind), () => saleRow(catalog, order, kind, atMs)) }] : [];
        });
      return rowsBody(
        reply,
        pageRows(ordersFrom(orders, catalog, window.day ?? window.fromMs, nowMs, MAX_CHANGE_DELAY_MS), rowsOf, window),
      );
    },
  );
}
