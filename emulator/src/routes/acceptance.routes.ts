import { randomUUID } from 'node:crypto';

import type { FastifyInstance, FastifyReply } from 'fastify';

import { AcceptanceCell, BOX_TYPES, BoxType, coefficientDate } from '../generator/acceptance';
import { callerOf, EmulatorContext } from '../pipeline';
import { ACCEPTANCE_BASELINES, AcceptanceBaseline } from '../seller-acceptance';

const COEFFICIENTS_PATH = '/api/tariffs/v1/acceptance/coefficients';
const WAREHOUSES_PATH = '/api/v1/warehouses';

/** Reference 9.2: the supplies calls' error body (models.ErrorModel), which the coefficients call shares. */
function supplyError(reply: FastifyReply, status: number, title: string, detail: string): FastifyReply {
  return reply.status(status).send({ title, detail, requestId: randomUUID().replace(/-/g, ''), origin: 'supply-api', status });
}

/**
 * Reference 11: what a disabled method answers is not documented. The emulator answers 404, a status both files list
 * for these calls, with the calls' own error body: a method taken off its host is not found there.
 */
function disabled(reply: FastifyReply): FastifyReply {
  return supplyError(reply, 404, 'not found', 'The method is temporarily disabled');
}

/** Reference 11.1: storage and delivery tariffs as decimal strings; a pallet's storage is per pallet (no additional litre). */
function coefficientOf(warehouseName: string, isSortingCenter: boolean, cell: AcceptanceCell) {
  const pallet = cell.boxTypeId === 5;
  return {
    date: coefficientDate(cell.date),
    coefficient: cell.coefficient,
    warehouseID: cell.warehouseId,
    warehouseName,
    allowUnload: cell.allowUnload,
    boxTypeID: cell.boxTypeId,
    storageCoef: '100',
    deliveryCoef: '160',
    deliveryBaseLiter: '46.00',
    deliveryAdditionalLiter: '14.00',
    storageBaseLiter: pallet ? '30.00' : '0.07',
    storageAdditionalLiter: pallet ? null : '0.07',
    isSortingCenter,
  };
}

/** Reference 11.1, on the common scope. */
export function registerAcceptanceRoutes(app: FastifyInstance): void {
  app.get<{ Querystring: Record<string, string> }>(
    COEFFICIENTS_PATH,
    { config: { scope: 'common' as const, path: COEFFICIENTS_PATH } },
    async (request, reply) => {
      const { acceptance } = callerOf(request).seller;
      if (acceptance.disabled) return disabled(reply);
      const raw = request.query.warehouseIDs;
      const ids = raw === undefined || raw === '' ? [] : raw.split(',').map((part) => part.trim());
      if (ids.some((id) => !/^\d+$/.test(id))) return supplyError(reply, 400, 'bad request', 'Неверный формат warehouseIDs');
      return acceptance.grid(ids.map(Number)).map(({ warehouse, cell }) => coefficientOf(warehouse.name, warehouse.isSortingCenter, cell));
    },
  );
}

/** Reference 11.3, on the supplies scope. */
export function registerFbwWarehouseRoutes(app: FastifyInstance): void {
  app.get(WAREHOUSES_PATH, { config: { scope: 'supplies' as const, path: WAREHOUSES_PATH } }, async (request, reply) => {
    const { acceptance } = callerOf(request).seller;
    if (acceptance.disabled) return disabled(reply);
    return acceptance.warehouses().map((warehouse) => ({
      ID: warehouse.id,
      name: warehouse.name,
      address: warehouse.address,
      workTime: '24/7',
      isActive: true,
      isTransitActive: !warehouse.isSortingCenter,
    }));
  });
}

function badInput(message: string) {
  return Object.assign(new Error(message), { statusCode: 400 });
}

function cellOf(body: Record<string, unknown> | undefined): AcceptanceCell {
  const { warehouseId, date, boxTypeId, coefficient, allowUnload } = body ?? {};
  if (!Number.isInteger(warehouseId)) throw badInput('warehouseId: an integer');
  if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw badInput('date: YYYY-MM-DD (Moscow)');
  if (!BOX_TYPES.includes(boxTypeId as BoxType)) throw badInput(`boxTypeId: one of ${BOX_TYPES.join(', ')}`);
  if (typeof coefficient !== 'number' || !(coefficient === -1 || coefficient >= 0)) throw badInput('coefficient: -1, 0 or a multiplier');
  if (allowUnload !== undefined && typeof allowUnload !== 'boolean') throw badInput('allowUnload: true or false');
  return { warehouseId: warehouseId as number, date, boxTypeId: boxTypeId as BoxType, coefficient, allowUnload: allowUnload ?? true };
}

/** The control API of a seller's coefficients: set a cell (make it fit or not), the grid's baseline, the disabled mode. */
export function registerAcceptanceControlRoutes(app: FastifyInstance, context: EmulatorContext): void {
  app.put<{ Params: { sellerId: string }; Body: Record<string, unknown> }>(
    '/sellers/:sellerId/acceptance/cells',
    async (request, reply) => {
      const acceptance = context.sellers.get(request.params.sellerId)?.acceptance;
      if (!acceptance) return reply.status(404).send({ error: 'no such seller' });
      return acceptance.setCell(cellOf(request.body));
    },
  );

  app.put<{ Params: { sellerId: string }; Body: { baseline?: unknown; disabled?: unknown } }>(
    '/sellers/:sellerId/acceptance',
    async (request, reply) => {
      const acceptance = context.sellers.get(request.params.sellerId)?.acceptance;
      if (!acceptance) return reply.status(404).send({ error: 'no such seller' });
      const { baseline, disabled: off } = request.body ?? {};
      if (baseline !== undefined && !ACCEPTANCE_BASELINES.includes(baseline as AcceptanceBaseline))
        throw badInput(`baseline: one of ${ACCEPTANCE_BASELINES.join(', ')}`);
      if (off !== undefined && typeof off !== 'boolean') throw badInput('disabled: true or false');
      if (baseline !== undefined) acceptance.baseline = baseline as AcceptanceBaseline;
      if (off !== undefined) acceptance.disabled = off;
      return { baseline: acceptance.baseline, disabled: acceptance.disabled };
    },
  );
}
