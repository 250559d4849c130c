import { randomUUID } from 'node:crypto';

import type { FastifyInstance, FastifyReply } from 'fastify';

import { FBW_WAREHOUSES } from '../generator/acceptance';
import { boxRatesOf, palletRatesOf, palletWarehouses } from '../generator/tariffs';

export const BOX_TARIFFS_PATH = '/api/v1/tariffs/box';
export const PALLET_TARIFFS_PATH = '/api/v1/tariffs/pallet';

/** Reference 11.7: the 400 in the file's BadRequest body, as problem+json. */
function badRequest(reply: FastifyReply, detail: string): FastifyReply {
  return reply
    .status(400)
    .header('content-type', 'application/problem+json')
    .send(JSON.stringify({ detail, origin: 'tariffs', requestId: randomUUID().replace(/-/g, ''), title: 'Bad Request' }));
}

/** A calendar day YYYY-MM-DD that exists (2026-02-30 does not). */
function isDay(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;
}

/** The day asked for, or the reference's 400 for a missing or malformed one. */
function dayOf(query: Record<string, string>, reply: FastifyReply): string | FastifyReply {
  const { date } = query;
  if (date === undefined || date === '') return badRequest(reply, 'parameter "date" in query has an error: value is required but missing');
  if (!isDay(date)) return badRequest(reply, 'Invalid date param');
  return date;
}

/** Reference 11.7, on the common scope: the same rates for every seller and day. */
export function registerTariffsRoutes(app: FastifyInstance): void {
  app.get<{ Querystring: Record<string, string> }>(
    BOX_TARIFFS_PATH,
    { config: { scope: 'common' as const, path: BOX_TARIFFS_PATH } },
    async (request, reply) => {
      const day = dayOf(request.query, reply);
      if (typeof day !== 'string') return day;
      return { response: { data: { dtNextBox: '', dtTillMax: day, currency: 'RUB', warehouseList: FBW_WAREHOUSES.map(boxRatesOf) } } };
    },
  );

  app.get<{ Querystring: Record<string, string> }>(
    PALLET_TARIFFS_PATH,
    { config: { scope: 'common' as const, path: PALLET_TARIFFS_PATH } },
    async (request, reply) => {
      const day = dayOf(request.query, reply);
      if (typeof day !== 'string') return day;
      return {
        response: { data: { dtNextPallet: '', dtTillMax: day, currency: 'RUB', warehouseList: palletWarehouses().map(palletRatesOf) } },
      };
    },
  );
}
