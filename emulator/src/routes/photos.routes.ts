import type { FastifyInstance } from 'fastify';

import { cardAt } from '../generator/catalog';
import type { Sellers } from '../sellers';

/** Where the emulator serves product photos, outside every scope: a page shows them without a token. */
export const PHOTOS_PREFIX = '/photos';

const PHOTO_FILE = /^([1-9]\d*)\.svg$/;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A placeholder picture of a card: a colour of its own, its subject and the photo's number. */
function placeholderSvg(nmId: number, subject: string, n: number): string {
  const hue = (nmId * 47) % 360;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400" viewBox="0 0 300 400">',
    `<rect width="300" height="400" fill="hsl(${hue}, 45%, 82%)"/>`,
    `<text x="150" y="195" font-family="sans-serif" font-size="28" text-anchor="middle" fill="#333">${escapeXml(subject)}</text>`,
    `<text x="150" y="235" font-family="sans-serif" font-size="18" text-anchor="middle" fill="#555">фото ${n}</text>`,
    '</svg>',
  ].join('');
}

/** GET /photos/media/:file: a hosted media file. GET /photos/:seed/:nmId/:n.svg: photo n of a card of a seller's catalog, as the card's photos name it; 404 for any other. */
export function registerPhotoRoutes(app: FastifyInstance, sellers: Sellers): void {
  // Photos and videos set through the media calls (reference 15.4, 15.5), as the marketplace hosts them.
  app.get<{ Params: { file: string } }>('/media/:file', async (request, reply) => {
    const file = sellers.media.get(request.params.file);
    if (!file) return reply.callNotFound();
    return reply.header('content-type', file.contentType).header('cache-control', 'public, max-age=86400').send(file.bytes);
  });
  app.get<{ Params: { seed: string; nmId: string; file: string } }>('/:seed/:nmId/:file', async (request, reply) => {
    const { seed, nmId, file } = request.params;
    const found = /^\d+$/.test(seed) && /^\d+$/.test(nmId) ? sellers.catalogWithCard(Number(seed), Number(nmId)) : null;
    const card = found && cardAt(found.catalog, found.index);
    const n = Number(PHOTO_FILE.exec(file)?.[1] ?? 0);
    if (!card || n === 0 || n > card.photos.length) return reply.callNotFound();
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(placeholderSvg(card.nmID, card.subjectName, n));
  });
}
