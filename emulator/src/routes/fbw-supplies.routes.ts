import { randomUUID } from 'node:crypto';

import type { FastifyInstance, FastifyReply } from 'fastify';

import { STATUS_ORDER, supplyDetails, supplyGood, supplyListItem, SupplyState, SupplyStatus } from '../generator/fbw-supplies';
import { moscowDate, moscowDayNumber, moscowDayStartOf } from '../moscow-time';
import { callerOf, EmulatorContext } from '../pipeline';
import { intParam } from './request-checks';

export const SUPPLIES_PATH = '/api/v1/supplies';
export const SUPPLY_PATH = '/api/v1/supplies/{ID}';
export const SUPPLY_GOODS_PATH = '/api/v1/supplies/{ID}/goods';

const DATE_TYPES = ['factDate', 'createDate', 'supplyDate', 'updatedDate'] as const;
type DateType = (typeof DATE_TYPES)[number];
const INT64_MAX = 9_223_372_036_854_775_807n;

/** Reference 9.2: the supplies' models.ErrorModel; the goods' 400 says text/plain but carries the JSON (reference 11.6). */
function supplyError(reply: FastifyReply, status: number, detail: string, contentType = 'application/json'): FastifyReply {
  const title = status === 404 ? 'not found' : 'bad request';
  return reply
    .status(status)
    .header('content-type', contentType)
    .send(JSON.stringify({ title, detail, requestId: randomUUID().replace(/-/g, ''), origin: 'supply-api', status }));
}

/** A query integer within bounds, the default when absent, or null. */
function boundedInt(value: string | undefined, fallback: number, min: number, max: number): number | null {
  if (value === undefined) return fallback;
  const number = intParam(value);
  return number !== null && number >= min && number <= max ? number : null;
}

function boolParam(value: string | undefined): boolean | null {
  return value === undefined || value === 'false' ? false : value === 'true' ? true : null;
}

/** Reference 11.5: the path id is an int64. */
function idParam(value: string): number | string {
  if (!/^\d+$/.test(value)) return 'неверный формат id (должен быть int64)';
  if (BigInt(value) > INT64_MAX) return 'id выходит за рамки int64';
  return Number(value);
}

interface DateFilter {
  type: DateType;
  from?: string;
  till?: string;
}

/** Reference 11.4: the filter body, with the marketplace's 400 texts. */
function readFilter(body: unknown): { dates: DateFilter[]; statusIDs: number[] } | string {
  const filter = (body ?? {}) as { dates?: unknown; statusIDs?: unknown };
  const dates = filter.dates ?? [];
  const statusIDs = filter.statusIDs ?? [];
  if (!Array.isArray(dates) || !Array.isArray(statusIDs)) return 'Неверный формат тела запроса';
  for (const [k, status] of statusIDs.entries())
    if (!STATUS_ORDER.includes(status as SupplyStatus)) return `Выберите значение параметра 'StatusIDs[${k}]' из списка: '1 2 3 4 5 6'`;
  for (const date of dates as DateFilter[]) {
    if (!DATE_TYPES.includes(date?.type))
      return "Выберите значение параметра 'Type' из списка: 'factDate createDate supplyDate updatedDate'";
    for (const bound of [date.from, date.till])
      if (bound !== undefined && (typeof bound !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(bound) || Number.isNaN(Date.parse(bound))))
        return `ошибка при считывании даты "${String(bound)}". Дата должна быть в формате ISO Date: 2006-01-02`;
  }
  return { dates: dates as DateFilter[], statusIDs: statusIDs as number[] };
}

const DATE_OF: Record<DateType, (supply: SupplyState) => number | null> = {
  factDate: (supply) => supply.factMs,
  createDate: (supply) => supply.createdMs,
  supplyDate: (supply) => supply.supplyDateMs,
  updatedDate: (supply) => supply.updatedMs,
};

/** A date filter takes the Moscow days from `from` to `till`, both included. */
function withinDates(supply: SupplyState, dates: DateFilter[]): boolean {
  return dates.every(({ type, from, till }) => {
    const at = DATE_OF[type](supply);
    if (at === null) return false;
    const day = moscowDate(at);
    return (from === undefined || day >= from) && (till === undefined || day <= till);
  });
}

/** Reference 11.4-11.6: the supply list, a supply's details and its goods. */
export function registerFbwSuppliesRoutes(app: FastifyInstance): void {
  app.post<{ Querystring: Record<string, string>; Body: unknown }>(
    SUPPLIES_PATH,
    { config: { scope: 'supplies', path: SUPPLIES_PATH, logBody: true } },
    async (request, reply) => {
      const limit = boundedInt(request.query.limit, 1000, 1, 1000);
      if (limit === null) return supplyError(reply, 400, 'Неверный формат limit');
      const offset = boundedInt(request.query.offset, 0, 0, Number.MAX_SAFE_INTEGER);
      if (offset === null) return supplyError(reply, 400, 'Неверный формат offset');
      const filter = readFilter(request.body);
      if (typeof filter === 'string') return supplyError(reply, 400, filter);
      const supplies = callerOf(request)
        .seller.supplies.all()
        .filter(
          (supply) => (filter.statusIDs.length === 0 || filter.statusIDs.includes(supply.status)) && withinDates(supply, filter.dates),
        );
      return supplies.slice(offset, offset + limit).map(supplyListItem);
    },
  );

  app.get<{ Params: { ID: string }; Querystring: Record<string, string> }>(
    '/api/v1/supplies/:ID',
    { config: { scope: 'supplies', path: SUPPLY_PATH } },
    async (request, reply) => {
      const id = idParam(request.params.ID);
      if (typeof id === 'string') return supplyError(reply, 400, id);
      const isPreorderId = boolParam(request.query.isPreorderID);
      if (isPreorderId === null) return supplyError(reply, 400, 'Неверный формат isPreorderID');
      const { supplies } = callerOf(request).seller;
      const supply = supplies.find(id, isPreorderId);
      if (!supply) return supplyError(reply, 404, `поставка ${id} не найдена`);
      // Reference 11.5: an order that became a supply is looked up by the supply's id.
      if (isPreorderId && supply.supplyId !== null)
        return supplyError(reply, 400, `по заказу ${id} найдена поставка ${supply.supplyId}. Используйте поиск по ID поставки`);
      return supplyDetails(supply);
    },
  );

  app.get<{ Params: { ID: string }; Querystring: Record<string, string> }>(
    '/api/v1/supplies/:ID/goods',
    { config: { scope: 'supplies', path: SUPPLY_GOODS_PATH } },
    async (request, reply) => {
      // Reference 11.6: the 400s are declared text/plain with the JSON error model.
      const refuse = (detail: string) => supplyError(reply, 400, detail, 'text/plain; charset=utf-8');
      const id = idParam(request.params.ID);
      if (typeof id === 'string') return refuse(id);
      const limit = boundedInt(request.query.limit, 100, 1, 1000);
      if (limit === null) return refuse('Неверный формат limit');
      const offset = boundedInt(request.query.offset, 0, 0, Number.MAX_SAFE_INTEGER);
      if (offset === null) return refuse('Неверный формат offset');
      const isPreorderId = boolParam(request.query.isPreorderID);
      if (isPreorderId === null) return refuse('Неверный формат isPreorderID');
      const supply = callerOf(request).seller.supplies.find(id, isPreorderId);
      // Reference 11.6: an unknown supply is 400 here (details answer 404).
      if (!supply) return refuse(`fail to get box barcodes info: get supply goods: get supply by id: Поставка не найдена`);
      return supply.goods.slice(offset, offset + limit).map((good) => supplyGood(supply, good));
    },
  );
}

function badInput(message: string) {
  return Object.assign(new Error(message), { statusCode: 400 });
}

function statusOf(value: unknown, fallback: SupplyStatus): SupplyStatus {
  if (value === undefined) return fallback;
  if (!STATUS_ORDER.includes(value as SupplyStatus)) throw badInput('status: one of 1, 2, 3, 4, 5, 6');
  return value as SupplyStatus;
}

function goodsOf(value: unknown): { barcode?: string; quantity: number }[] {
  if (!Array.isArray(value) || value.length === 0) throw badInput('goods: a non-empty array of {barcode?, quantity}');
  return value.map((good: Record<string, unknown>, k) => {
    if (!Number.isInteger(good?.quantity) || (good.quantity as number) < 1) throw badInput(`goods.${k}.quantity: an integer from 1`);
    if (good.barcode !== undefined && typeof good.barcode !== 'string') throw badInput(`goods.${k}.barcode: a string`);
    return { quantity: good.quantity as number, ...(good.barcode === undefined ? {} : { barcode: good.barcode as string }) };
  });
}

/** The control API of a seller's supplies: add one, move its status, set what its acceptance counts. */
export function registerSupplyControlRoutes(app: FastifyInstance, context: EmulatorContext): void {
  const suppliesOf = (sellerId: string) => {
    const seller = context.sellers.get(sellerId);
    if (!seller) throw Object.assign(new Error('unknown seller'), { statusCode: 404 });
    return seller.supplies;
  };
  const supplyOf = (sellerId: string, id: string) => {
    const supply = suppliesOf(sellerId).findAny(Number(id));
    if (!supply) throw Object.assign(new Error('unknown supply'), { statusCode: 404 });
    return supply;
  };

  app.post<{ Params: { sellerId: string }; Body: Record<string, unknown> }>('/sellers/:sellerId/supplies', async (request, reply) => {
    const body = request.body ?? {};
    if (!Number.isInteger(body.warehouseId)) throw badInput('warehouseId: an integer');
    const supplyDate = body.supplyDate ?? moscowDate(moscowDayStartOf(moscowDayNumber(Date.now()) + 1));
    if (typeof supplyDate !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(supplyDate)) throw badInput('supplyDate: YYYY-MM-DD');
    const supplies = suppliesOf(request.params.sellerId);
    const added = supplies.add({
      warehouseId: body.warehouseId as number,
      supplyDateMs: Date.parse(`${supplyDate}T00:00:00+03:00`),
      goods: goodsOf(body.goods),
      status: statusOf(body.status, 2),
      boxTypeId: body.boxTypeId === undefined ? 2 : Number(body.boxTypeId),
    });
    if (typeof added === 'string') throw badInput(added);
    return reply.status(201).send({ supplyID: added.supplyId, preorderID: added.preorderId, ...supplyDetails(added) });
  });

  app.post<{ Params: { sellerId: string; id: string }; Body: Record<string, unknown> | undefined }>(
    '/sellers/:sellerId/supplies/:id/advance',
    async (request) => {
      const supply = supplyOf(request.params.sellerId, request.params.id);
      suppliesOf(request.params.sellerId).advance(
        supply,
        request.body?.status === undefined ? undefined : statusOf(request.body.status, 1),
      );
      return { supplyID: supply.supplyId, preorderID: supply.preorderId, ...supplyDetails(supply) };
    },
  );

  app.put<{ Params: { sellerId: string; id: string }; Body: Record<string, unknown> }>(
    '/sellers/:sellerId/supplies/:id/accepted',
    async (request) => {
      const supply = supplyOf(request.params.sellerId, request.params.id);
      const accepted = request.body?.acceptedQuantity;
      if (!Number.isInteger(accepted) || (accepted as number) < 0) throw badInput('acceptedQuantity: an integer from 0');
      suppliesOf(request.params.sellerId).setAccepted(supply, accepted as number);
      return { supplyID: supply.supplyId, preorderID: supply.preorderId, ...supplyDetails(supply) };
    },
  );
}
