import type { FastifyInstance, FastifyReply } from 'fastify';

import { brandOf, CARD_STEP_MS, CatalogShape, indexOfNmId, nmIdOf, updatedAtMs } from '../generator/catalog';
import { jsonArrayBody } from '../json-cache';
import { callerOf } from '../pipeline';
import { arrayOf, Check, isBoolean, isInteger, isObject, isString } from './request-checks';

interface CardsListBody {
  settings?: {
    sort?: { ascending?: unknown };
    filter?: { withPhoto?: unknown; textSearch?: unknown; brands?: unknown };
    cursor?: { limit?: unknown; updatedAt?: unknown; nmID?: unknown };
  };
}

const CARDS_PATH = '/content/v2/get/cards/list';
const MAX_LIMIT = 100;
const DEFAULT_LIMIT = 10;

/** Reference 2.1: the type of each field of settings (limit is checked with its bounds). */
const SETTINGS_FIELDS: [section: 'sort' | 'filter' | 'cursor', field: string, check: Check][] = [
  ['sort', 'ascending', isBoolean],
  ['filter', 'withPhoto', (value) => [-1, 0, 1, 2].includes(value as number)],
  ['filter', 'textSearch', isString],
  ['filter', 'tagIDs', arrayOf(isInteger)],
  ['filter', 'allowedCategoriesOnly', isBoolean],
  ['filter', 'objectIDs', arrayOf(isInteger)],
  ['filter', 'brands', arrayOf(isString)],
  ['filter', 'imtID', isInteger],
  ['cursor', 'updatedAt', (value) => value === null || isString(value)],
  ['cursor', 'nmID', isInteger],
];

/** The first field of settings that is not of its type, named as in the body. */
function settingsProblem(settings: unknown): string | null {
  if (!isObject(settings)) return 'settings: must be an object';
  const sections = settings as Record<string, unknown>;
  for (const section of ['sort', 'filter', 'cursor'])
    if (sections[section] !== undefined && !isObject(sections[section])) return `settings.${section}: must be an object`;
  for (const [section, field, check] of SETTINGS_FIELDS) {
    const value = (sections[section] as Record<string, unknown> | undefined)?.[field];
    if (value !== undefined && !check(value)) return `settings.${section}.${field}: invalid value`;
  }
  return null;
}

/** Reference 0.3: the content scope's 400 body. */
function badRequest(reply: FastifyReply, errorText: string): FastifyReply {
  return reply.status(400).send({ data: null, error: true, errorText, additionalErrors: null });
}

/** The card a text search names: a vendor code, an nmID or a barcode of this seller (all derivable, no scan). */
function searchIndex(shape: CatalogShape, text: string): number | null {
  const vendor = /^ART-\d+-(\d{6})$/.exec(text);
  if (vendor && text === `ART-${shape.seed % 1000}-${vendor[1]}`) {
    const index = Number(vendor[1]);
    return index < shape.cards ? index : null;
  }
  if (!/^\d+$/.test(text)) return null;
  const byNmId = indexOfNmId(shape, Number(text));
  if (byNmId !== null) return byNmId;
  return text.startsWith('20') && text.length === 13 ? indexOfNmId(shape, Math.floor(Number(text.slice(2)) / 10)) : null;
}

/** Where the next page starts: just past the cursor card, in the order of the sort. */
function startIndex(shape: CatalogShape, ascending: boolean, cursor: { updatedAt?: unknown; nmID?: unknown }): number {
  const fromNmId = typeof cursor.nmID === 'number' ? indexOfNmId(shape, cursor.nmID) : null;
  let at = fromNmId;
  if (at === null && typeof cursor.updatedAt === 'string' && !Number.isNaN(Date.parse(cursor.updatedAt))) {
    at = Math.floor((Date.parse(cursor.updatedAt) - shape.startMs) / CARD_STEP_MS);
  }
  if (at === null) return ascending ? 0 : shape.cards - 1;
  return ascending ? at + 1 : at - 1;
}

/** Reference 2.1: cards sorted by updatedAt (nmID breaks ties), paged with the updatedAt + nmID cursor. */
export function registerContentRoutes(app: FastifyInstance): void {
  app.post<{ Body: CardsListBody }>(CARDS_PATH, { config: { scope: 'content', path: CARDS_PATH } }, async (request, reply) => {
    const { catalog: shape, cardsJson, cards: written } = callerOf(request).seller;
    if (!isObject(request.body)) return badRequest(reply, 'Invalid request body');
    // The file requires no field of the body: an absent settings means every default.
    const settings = request.body.settings ?? {};
    const problemText = settingsProblem(settings);
    if (problemText) return badRequest(reply, problemText);
    const cursor = settings.cursor ?? {};
    const limit = cursor.limit === undefined ? DEFAULT_LIMIT : cursor.limit;
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
      return badRequest(reply, `Invalid cursor limit: must be an integer from 1 to ${MAX_LIMIT}`);
    const ascending = settings.sort?.ascending === true;
    const filter = settings.filter ?? {};
    const brands = Array.isArray(filter.brands) && filter.brands.length > 0 ? new Set(filter.brands as string[]) : null;
    const withPhoto = filter.withPhoto === 1 ? true : filter.withPhoto === 2 ? false : null;
    const text = typeof filter.textSearch === 'string' && filter.textSearch.trim() !== '' ? filter.textSearch.trim() : null;

    const indexes: number[] = [];
    if (text !== null) {
      const index = searchIndex(shape, text);
      if (index !== null) indexes.push(index);
    } else {
      const step = ascending ? 1 : -1;
      for (let index = startIndex(shape, ascending, cursor); index >= 0 && index < shape.cards && indexes.length < limit; index += step) {
        if (brands && !brands.has(brandOf(shape, index))) continue;
        if (withPhoto !== null && written.card(index).photos.length > 0 !== withPhoto) continue;
        indexes.push(index);
      }
    }
    const last = indexes[indexes.length - 1];
    const pageCursor =
      last === undefined
        ? {
            updatedAt: typeof cursor.updatedAt === 'string' ? cursor.updatedAt : new Date(updatedAtMs(shape, 0)).toISOString(),
            nmID: typeof cursor.nmID === 'number' ? cursor.nmID : 0,
            total: 0,
          }
        : { updatedAt: new Date(updatedAtMs(shape, last)).toISOString(), nmID: nmIdOf(shape, last), total: indexes.length };
    // Concatenated from serialized cards: a page is built without generating or serializing cards read before.
    const cards = indexes.map((index) => cardsJson.get(index, () => written.card(index)));
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .send(jsonArrayBody('{"cards":', cards, `,"cursor":${JSON.stringify(pageCursor)}}`));
  });
}
