import type { FastifyInstance } from 'fastify';

import type { Card } from '../generator/catalog';
import type { EmulatorContext } from '../pipeline';
import { arrayOf, isBoolean, isObject, isString } from './request-checks';

function badInput(message: string) {
  return Object.assign(new Error(message), { statusCode: 400 });
}

/** Fields of a card that a change "on the marketplace" may set, with the check of each. */
const EDITABLE: Record<string, (value: unknown) => boolean> = {
  vendorCode: isString,
  brand: isString,
  title: isString,
  description: isString,
  kizMarked: isBoolean,
  dimensions: isObject,
  characteristics: arrayOf(isObject),
  sizes: arrayOf(isObject),
};

type Params = { sellerId: string; nmId: string };

/**
 * Cards changed around the service: updates of a card scripted to fail, a card's photos or text changed on the
 * marketplace by someone else, and what became of each media call.
 */
export function registerCardControlRoutes(app: FastifyInstance, context: EmulatorContext): void {
  const cardsOf = (params: Params) => {
    const cards = context.sellers.get(params.sellerId)?.cards;
    const nmId = Number(params.nmId);
    return cards && Number.isInteger(nmId) && cards.byNmId(nmId) ? { cards, nmId } : null;
  };

  // The card's next updates answer 200 but land in the error list with these texts; an empty list ends it.
  app.put<{ Params: Params; Body: { errors?: unknown } }>('/sellers/:sellerId/cards/:nmId/update-errors', async (request, reply) => {
    const found = cardsOf(request.params);
    if (!found) return reply.status(404).send({ error: 'no such seller or card' });
    const errors = request.body?.errors;
    if (!arrayOf(isString)(errors)) throw badInput('errors: an array of texts (empty: updates apply again)');
    found.cards.scriptErrors(found.nmId, errors as string[]);
    return { nmId: found.nmId, errors };
  });

  // Someone else set the card's photos (and video) on the marketplace: each URL becomes a photo in every size, at once.
  app.put<{ Params: Params; Body: { photos?: unknown; video?: unknown } }>(
    '/sellers/:sellerId/cards/:nmId/media',
    async (request, reply) => {
      const found = cardsOf(request.params);
      if (!found) return reply.status(404).send({ error: 'no such seller or card' });
      const { photos, video } = request.body ?? {};
      if (!arrayOf(isString)(photos)) throw badInput('photos: an array of URLs');
      if (video !== undefined && !isString(video)) throw badInput('video: a URL');
      const card = found.cards.setMedia(found.nmId, (current) => ({
        photos: (photos as string[]).map((url) => ({ big: url, c246x328: url, c516x688: url, square: url, tm: url, hq: url })),
        video: (video as string | undefined) ?? current.video,
      }));
      return { photos: card!.photos, video: card!.video };
    },
  );

  // The card's text changed on the marketplace (in the seller's portal): the given fields replace the card's.
  app.patch<{ Params: Params; Body: Record<string, unknown> }>('/sellers/:sellerId/cards/:nmId', async (request, reply) => {
    const found = cardsOf(request.params);
    if (!found) return reply.status(404).send({ error: 'no such seller or card' });
    const body = request.body ?? {};
    for (const [field, value] of Object.entries(body))
      if (!EDITABLE[field]?.(value))
        throw badInput(`${field}: not a field to change, or not of its type (${Object.keys(EDITABLE).join(', ')})`);
    return found.cards.edit(found.nmId, body as Partial<Card>);
  });

  app.get<{ Params: { sellerId: string }; Querystring: { nmId?: string } }>('/sellers/:sellerId/media-changes', async (request, reply) => {
    const cards = context.sellers.get(request.params.sellerId)?.cards;
    if (!cards) return reply.status(404).send({ error: 'no such seller' });
    const nmId = request.query.nmId === undefined ? null : Number(request.query.nmId);
    return { changes: cards.mediaHistory().filter((change) => nmId === null || change.nmId === nmId) };
  });
}
