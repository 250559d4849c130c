import { createHash } from 'node:crypto';

import type { FastifyInstance, FastifyReply } from 'fastify';

import { jsonArrayBody } from '../json-cache';
import { callerOf } from '../pipeline';
import type { UploadItem, UploadTask } from '../seller-prices';
import { intParam } from './request-checks';

const GOODS_PATH = '/api/v2/list/goods/filter';
const UPLOAD_PATH = '/api/v2/upload/task';
const MAX_GOODS_LIMIT = 1000;
const MAX_UPLOAD_ITEMS = 1000;

/** Reference 2.2-2.3: the prices scope's envelope. */
function ok(data: unknown, errorText = '') {
  return { data, error: false, errorText };
}

function rejected(reply: FastifyReply, errorText: string, status = 400): FastifyReply {
  return reply.status(status).send({ data: null, error: true, errorText });
}

/** Reference 2.3, the texts of the marketplace: the first problem found refuses the whole upload. */
function uploadProblem(items: unknown): string | null {
  if (!Array.isArray(items)) return 'Invalid data format';
  if (items.length === 0) return 'Empty data';
  if (items.length > MAX_UPLOAD_ITEMS) return 'Upload limit exceeded: You can upload a maximum of 1 000 items';
  const seen = new Set<number>();
  for (const item of items as Record<string, unknown>[]) {
    if (typeof item !== 'object' || item === null) return 'Invalid data format';
    if (!Number.isInteger(item.nmID) || (item.nmID as number) <= 0) return 'Invalid item No.';
    if (seen.has(item.nmID as number)) return 'Duplicate item Nos.';
    seen.add(item.nmID as number);
    if (item.price === undefined && item.discount === undefined) return 'Price and discount not specified';
    if (item.price !== undefined) {
      if (typeof item.price !== 'number' || !Number.isInteger(item.price)) return 'Price should be a whole number';
      if (item.price <= 0) return 'Invalid price value';
    }
    if (
      item.discount !== undefined &&
      (!Number.isInteger(item.discount) || (item.discount as number) < 0 || (item.discount as number) > 99)
    )
      return 'Invalid discount value';
  }
  return null;
}

function fingerprint(items: UploadItem[]): string {
  const canonical = [...items].sort((a, b) => a.nmID - b.nmID).map((item) => [item.nmID, item.price ?? null, item.discount ?? null]);
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/** Reference 2.4: buffer status 1 while processing; history 3 done, 5 some items failed, 6 all failed. */
function historyStatus(task: UploadTask): number {
  const failed = task.results!.filter((result) => result !== null).length;
  return failed === 0 ? 3 : failed === task.results!.length ? 6 : 5;
}

export function registerPricesRoutes(app: FastifyInstance, settings: { priceApplyDelayMs: number }): void {
  app.get<{ Querystring: Record<string, string> }>(
    GOODS_PATH,
    { config: { scope: 'prices', path: GOODS_PATH } },
    async (request, reply) => {
      const { prices } = callerOf(request).seller;
      const limit = intParam(request.query.limit);
      const offset = request.query.offset === undefined ? 0 : intParam(request.query.offset);
      const filterNmID = request.query.filterNmID === undefined ? undefined : intParam(request.query.filterNmID);
      if (limit === null || limit < 1 || limit > MAX_GOODS_LIMIT || offset === null || filterNmID === null)
        return rejected(reply, 'Invalid request parameters');
      if (filterNmID !== undefined) {
        const good = prices.good(filterNmID);
        return ok({ listGoods: good ? [good] : [] });
      }
      // Concatenated from serialized goods: a page of 1000 is built without serializing it again.
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .send(jsonArrayBody('{"data":{"listGoods":', prices.goodsJson(offset, limit), '},"error":false,"errorText":""}'));
    },
  );

  app.post<{ Body: { data?: unknown } }>(UPLOAD_PATH, { config: { scope: 'prices', path: UPLOAD_PATH } }, async (request, reply) => {
    const { prices } = callerOf(request).seller;
    const problemText = uploadProblem(request.body?.data);
    if (problemText) return rejected(reply, problemText);
    const items = (request.body.data as UploadItem[]).map((item) => ({ nmID: item.nmID, price: item.price, discount: item.discount }));
    if (!items.some((item) => prices.hasCard(item.nmID)))
      return rejected(reply, 'All item Nos. are specified incorrectly, or the specified prices and discounts are already set');
    const print = fingerprint(items);
    const existing = prices.existingTask(print);
    if (existing !== undefined) return reply.status(208).send(ok({ id: existing, alreadyExists: true }, 'This task already exists'));
    const task = prices.upload(items, print, settings.priceApplyDelayMs);
    return ok({ id: task.id, alreadyExists: false });
  });

  for (const kind of ['buffer', 'history'] as const) {
    const tasksPath = `/api/v2/${kind}/tasks`;
    app.get<{ Querystring: Record<string, string> }>(
      tasksPath,
      { config: { scope: 'prices', path: tasksPath } },
      async (request, reply) => {
        const uploadID = intParam(request.query.uploadID);
        if (uploadID === null) return rejected(reply, 'Invalid request parameters');
        const task = callerOf(request).seller.prices.task(uploadID);
        // A task is in the buffer until processed, then in the history.
        if (!task || (kind === 'buffer') !== (task.results === null)) return ok(null);
        return ok({
          uploadID: task.id,
          status: task.results ? historyStatus(task) : 1,
          uploadDate: task.uploadDate,
          activationDate: new Date(task.activationMs).toISOString(),
          overAllGoodsNumber: task.items.length,
          successGoodsNumber: task.results ? task.results.filter((result) => result === null).length : 0,
        });
      },
    );

    const goodsPath = `/api/v2/${kind}/goods/task`;
    app.get<{ Querystring: Record<string, string> }>(
      goodsPath,
      { config: { scope: 'prices', path: goodsPath } },
      async (request, reply) => {
        const uploadID = intParam(request.query.uploadID);
        const limit = intParam(request.query.limit);
        const offset = request.query.offset === undefined ? 0 : intParam(request.query.offset);
        if (uploadID === null || limit === null || limit < 1 || limit > MAX_GOODS_LIMIT || offset === null)
          return rejected(reply, 'Invalid request parameters');
        const { prices } = callerOf(request).seller;
        const task = prices.task(uploadID);
        if (!task || (kind === 'buffer') !== (task.results === null)) return ok(null);
        const rows = task.items.slice(offset, offset + limit).map((item, n) => {
          const good = prices.good(item.nmID);
          const result = task.results?.[offset + n];
          return {
            nmID: item.nmID,
            vendorCode: good?.vendorCode ?? '',
            techSizeName: good?.sizes[0]?.techSizeName ?? '',
            price: item.price ?? good?.sizes[0]?.price ?? 0,
            currencyIsoCode4217: 'RUB',
            discount: item.discount ?? good?.discount ?? 0,
            clubDiscount: good?.clubDiscount ?? 0,
            // Item status: buffer 1 processing; history 2 applied, 3 failed.
            status: task.results ? (result === null ? 2 : 3) : 1,
            ...(result ? { errorText: result } : {}),
          };
        });
        return ok(kind === 'buffer' ? { uploadID: task.id, bufferGoods: rows } : { uploadID: task.id, historyGoods: rows });
      },
    );
  }
}
