import type { FastifyInstance, FastifyReply } from 'fastify';
import { Card, cardAt, CatalogShape, indexOfNmId, updatedAtMs, CARD_STEP_MS } from '../generator/catalog';
import { callerOf } from '../pipeline';

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
    const shape = callerOf(request).seller.catalog;
    const settings = request.body?.settings;
    if (typeof settings !== 'object' || settings === null) return badRequest(reply, 'settings: field required');
    const cursor = settings.cursor ?? {};
    const limit = cursor.limit === undefined ? DEFAULT_LIMIT : cursor.limit;
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) return badRequest(reply, `Invalid cursor limit: must be an integer from 1 to ${MAX_LIMIT}`);
    const ascending = settings.sort?.ascending === true;
    const filter = settings.filter ?? {};
    const brands = Array.isArray(filter.brands) && filter.brands.length > 0 ? new Set(filter.brands as string[]) : null;
    const withPhoto = filter.withPhoto === 1 ? true : filter.withPhoto === 2 ? false : null;
    const text = typeof filter.textSearch === 'string' && filter.textSearch.trim() !== '' ? filter.textSearch.trim() : null;

    const cards: Card[] = [];
    if (text !== null) {
      const index = searchIndex(shape, text);
      if (index !== null) cards.push(cardAt(shape, index));
    } else {
      const step = ascending ? 1 : -1;
      for (let index = startIndex(shape, ascending, cursor); index >= 0 && index < shape.cards && cards.length < limit; index += step) {
        const card = cardAt(shape, index);
        if (brands && !brands.has(card.brand)) continue;
        if (withPhoto !== null && card.photos.length > 0 !== withPhoto) continue;
        cards.push(card);
      }
    }
    const last = cards[cards.length - 1];
    return {
      cards,
      cursor: last
        ? { updatedAt: last.updatedAt, nmID: last.nmID, total: cards.length }
        : { updatedAt: typeof cursor.updatedAt === 'string' ? cursor.updatedAt : new Date(updatedAtMs(shape, 0)).toISOString(), nmID: typeof cursor.nmID === 'number' ? cursor.nmID : 0, total: 0 },
    };
  });
}
