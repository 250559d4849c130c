import { randomUUID } from 'node:crypto';

import type { FastifyInstance, FastifyReply } from 'fastify';

import { indexOfNmId, sizesOf } from '../generator/catalog';
import { allSizeStocks, remainsRow, sellerAmount, sellerWarehousesOf, stockOf, stocksReportRow } from '../generator/stock';
import { callerOf } from '../pipeline';
import { arrayOf, isInteger, isObject } from './request-checks';

export const STOCKS_REPORT_PATH = '/api/analytics/v1/stocks-report/wb-warehouses';
export const REMAINS_PATH = '/api/v1/warehouse_remains';
export const REMAINS_STATUS_PATH = '/api/v1/warehouse_remains/tasks/{task_id}/status';
export const REMAINS_DOWNLOAD_PATH = '/api/v1/warehouse_remains/tasks/{task_id}/download';
export const SELLER_WAREHOUSES_PATH = '/api/v3/warehouses';
export const SELLER_STOCKS_PATH = '/api/v3/stocks/{warehouseId}';

/** Reference 10.1: limit up to 250 000 (its default), nmIds up to 1000. */
const MAX_REPORT_LIMIT = 250_000;
const MAX_NM_IDS = 1000;
/** Reference 10.4: up to 1000 chrtIds. */
const MAX_CHRT_IDS = 1000;
/** Reference 10.5: at most this many units of a size. */
const MAX_AMOUNT = 100_000;

/** A size of the seller's catalog (its chrtID encodes the card's nmID). */
function knownSize(catalog: Parameters<typeof sizesOf>[0], chrtId: number): boolean {
  const index = indexOfNmId(catalog, Math.floor(chrtId / 10));
  return index !== null && sizesOf(catalog, index).some((size) => size.chrtID === chrtId);
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reference 9.2: ErrorObject400 of the analytics calls. */
export function analyticsBadRequest(reply: FastifyReply, detail: string): FastifyReply {
  return reply.status(400).send({
    title: 'Invalid request body',
    detail: `code=400, message=invalid: ${detail}`,
    origin: 'analytic-open-api',
    requestId: randomUUID(),
  });
}

/** Reference 9.3: 4xxResponse of the report tasks (404 as problem+json). */
function taskProblem(reply: FastifyReply, status: 400 | 404, detail: string): FastifyReply {
  return reply
    .status(status)
    .header('content-type', status === 404 ? 'application/problem+json' : 'application/json')
    .send(
      JSON.stringify({ title: status === 404 ? 'Not Found' : 'Bad Request', detail, requestId: randomUUID(), origin: 'api-statistics' }),
    );
}

/** Reference 9.2: the marketplace `Error` of the /api/v3 calls. */
function marketplaceError(reply: FastifyReply, status: 400 | 404, code: string, message: string): FastifyReply {
  return reply.status(status).send({ code, message });
}

/** Analytics: the stocks report (reference 10.1) and the warehouse-remains report task (reference 9.3, 10.2). */
export function registerStockAnalyticsRoutes(app: FastifyInstance): void {
  app.post<{ Body: Record<string, unknown> | null }>(
    STOCKS_REPORT_PATH,
    { config: { scope: 'analytics', path: STOCKS_REPORT_PATH, logBody: true } },
    async (request, reply) => {
      const body = request.body ?? {};
      if (!isObject(body)) return analyticsBadRequest(reply, 'body');
      const { nmIds, limit = MAX_REPORT_LIMIT, offset = 0 } = body;
      if (nmIds !== undefined && (!arrayOf(isInteger)(nmIds) || (nmIds as number[]).length > MAX_NM_IDS))
        return analyticsBadRequest(reply, 'nmIds');
      if (!isInteger(limit) || (limit as number) < 0 || (limit as number) > MAX_REPORT_LIMIT) return analyticsBadRequest(reply, 'limit');
      if (!isInteger(offset) || (offset as number) < 0) return analyticsBadRequest(reply, 'offset');
      const { catalog } = callerOf(request).seller;
      const wanted = nmIds === undefined ? null : new Set(nmIds as number[]);
      const items = [];
      let skipped = 0;
      for (const size of allSizeStocks(catalog)) {
        if (items.length >= (limit as number)) break;
        if (wanted && !wanted.has(size.nmId)) continue;
        if (skipped < (offset as number)) skipped += 1;
        else items.push(stocksReportRow(size));
      }
      return { data: { items } };
    },
  );

  app.get<{ Querystring: Record<string, string> }>(
    REMAINS_PATH,
    { config: { scope: 'analytics', path: REMAINS_PATH } },
    async (request, reply) => {
      for (const [name, value] of Object.entries(request.query))
        if (name.startsWith('groupBy') && value !== 'true' && value !== 'false')
          return taskProblem(reply, 400, `parameter "${name}" in query has an error: empty value is not allowed`);
      return { data: { taskId: callerOf(request).seller.stock.create() } };
    },
  );

  app.get<{ Params: { taskId: string } }>(
    '/api/v1/warehouse_remains/tasks/:taskId/status',
    { config: { scope: 'analytics', path: REMAINS_STATUS_PATH } },
    async (request, reply) => {
      const { taskId } = request.params;
      if (!UUID.test(taskId)) return taskProblem(reply, 400, `Invalid format for parameter task_id: ${taskId}`);
      const status = callerOf(request).seller.stock.poll(taskId);
      if (status === null) return taskProblem(reply, 404, 'not found');
      return { data: { id: taskId, status } };
    },
  );

  app.get<{ Params: { taskId: string } }>(
    '/api/v1/warehouse_remains/tasks/:taskId/download',
    { config: { scope: 'analytics', path: REMAINS_DOWNLOAD_PATH } },
    async (request, reply) => {
      const { taskId } = request.params;
      if (!UUID.test(taskId)) return taskProblem(reply, 400, `Invalid format for parameter task_id: ${taskId}`);
      const { stock, catalog } = callerOf(request).seller;
      const ready = stock.ready(taskId);
      // Reference 9.3 leaves open what download answers before done or after purged: the emulator says not found.
      if (!ready) return taskProblem(reply, 404, 'not found');
      if (catalog.cards === 0) return reply.status(204).send();
      const rows = [];
      for (let index = 0; index < catalog.cards; index += 1)
        for (const size of stockOf(catalog, index)) rows.push(remainsRow(catalog, index, size));
      return rows;
    },
  );
}

/** Marketplace: the seller's warehouses (reference 10.3) and the stock of sizes in one of them (reference 10.4). */
export function registerSellerStockRoutes(app: FastifyInstance): void {
  app.get(SELLER_WAREHOUSES_PATH, { config: { scope: 'marketplace', path: SELLER_WAREHOUSES_PATH } }, async (request) =>
    sellerWarehousesOf(callerOf(request).seller.catalog),
  );

  app.post<{ Params: { warehouseId: string }; Body: { chrtIds?: unknown } | null }>(
    '/api/v3/stocks/:warehouseId',
    { config: { scope: 'marketplace', path: SELLER_STOCKS_PATH } },
    async (request, reply) => {
      const { catalog, stock } = callerOf(request).seller;
      if (!/^\d+$/.test(request.params.warehouseId))
        return marketplaceError(reply, 400, 'IncorrectParameter', 'Передан некорректный параметр');
      const chrtIds = request.body?.chrtIds;
      if (!arrayOf(isInteger)(chrtIds) || (chrtIds as number[]).length > MAX_CHRT_IDS)
        return marketplaceError(reply, 400, 'IncorrectRequestBody', 'Некорректное тело запроса');
      const warehouseId = Number(request.params.warehouseId);
      if (!sellerWarehousesOf(catalog).some((warehouse) => warehouse.id === warehouseId))
        return marketplaceError(reply, 404, 'NotFound', '');
      // Reference 10.4 leaves open what an unknown size gets: the emulator leaves it out.
      const known = (chrtIds as number[]).filter((chrtId) => knownSize(catalog, chrtId));
      return {
        stocks: known.map((chrtId) => ({ chrtId, amount: stock.writtenAmount(warehouseId, chrtId) ?? sellerAmount(warehouseId, chrtId) })),
      };
    },
  );

  // Reference 10.5: 204 once every item is written; 409 an array of errors naming the items refused, none written.
  app.put<{ Params: { warehouseId: string }; Body: { stocks?: unknown } | null }>(
    '/api/v3/stocks/:warehouseId',
    { config: { scope: 'marketplace', path: SELLER_STOCKS_PATH } },
    async (request, reply) => {
      const { catalog, stock } = callerOf(request).seller;
      if (!/^\d+$/.test(request.params.warehouseId))
        return marketplaceError(reply, 400, 'IncorrectParameter', 'Передан некорректный параметр');
      const items = request.body?.stocks;
      const valid = (item: unknown) => {
        const fields = item as Record<string, unknown>;
        return isObject(item) && isInteger(fields.chrtId) && isInteger(fields.amount) && (fields.amount as number) >= 0;
      };
      if (!Array.isArray(items) || items.length === 0 || items.length > MAX_CHRT_IDS || !items.every(valid))
        return marketplaceError(reply, 400, 'IncorrectRequestBody', 'Некорректное тело запроса');
      const warehouseId = Number(request.params.warehouseId);
      if (!sellerWarehousesOf(catalog).some((warehouse) => warehouse.id === warehouseId))
        return marketplaceError(reply, 404, 'NotFound', '');
      const stocks = items as { chrtId: number; amount: number }[];
      const unknown = stocks.filter((item) => !knownSize(catalog, item.chrtId));
      const tooMany = stocks.filter((item) => item.amount > MAX_AMOUNT);
      const errors = [
        ...(unknown.length
          ? [{ code: 'NotFound', message: 'Товары не найдены', data: unknown.map(({ chrtId, amount }) => ({ sku: '', chrtId, amount })) }]
          : []),
        ...(tooMany.length
          ? [
              {
                code: 'UploadDataLimit',
                message: 'Превышен лимит остатка',
                data: tooMany.map(({ chrtId, amount }) => ({ sku: '', chrtId, amount })),
              },
            ]
          : []),
      ];
      if (errors.length) return reply.status(409).send(errors);
      for (const item of stocks) stock.write(warehouseId, item.chrtId, item.amount);
      return reply.status(204).send();
    },
  );
}
