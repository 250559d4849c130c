import { setTimeout as sleep } from 'node:timers/promises';

import type { FastifyInstance, FastifyReply } from 'fastify';

import { checkedMedia, fetchMedia, MEDIA_RULES, MediaFile } from '../card-media';
import type { Card } from '../generator/catalog';
import { boundaryOf, formParts } from '../multipart';
import { callerOf, EmulatorContext } from '../pipeline';
import type { CardMedia, CardUpdateItem, ErrorBatch, SellerCards } from '../seller-cards';
import type { Sellers } from '../sellers';
import { cardProblems, updateBodyProblem } from './card-update-checks';
import { isBoolean, isInteger, isObject, isString } from './request-checks';

export const CARDS_UPDATE_PATH = '/content/v2/cards/update';
export const CARDS_ERROR_LIST_PATH = '/content/v2/cards/error/list';
export const MEDIA_SAVE_PATH = '/content/v3/media/save';
export const MEDIA_FILE_PATH = '/content/v3/media/file';

const MAX_BATCHES = 100;
/** A video file is at most 50 MB; the multipart envelope adds a little. */
const MEDIA_FILE_BODY_LIMIT = MEDIA_RULES.maxVideoBytes + 1024 * 1024;

/** Reference 0.3: the content scope's 400 body (media calls: `mediaErrors`, the same fields). */
function contentError(reply: FastifyReply, status: number, errorText: string): FastifyReply {
  return reply.status(status).send({ data: null, error: true, errorText, additionalErrors: null });
}

/** Reference 15.4 and 15.5: the media calls' 200, also when nothing will be applied. */
const MEDIA_ACCEPTED = { data: {}, error: false, errorText: '', additionalErrors: null };

/** A photo of the card in every size the marketplace gives, all the one hosted file. */
function photoOf(url: string): Card['photos'][number] & { hq: string } {
  return { big: url, c246x328: url, c516x688: url, square: url, tm: url, hq: url };
}

/** Reference 15.2: batches after the cursor batch in the order asked (all of them without a cursor). */
function batchesAfter(batches: readonly ErrorBatch[], ascending: boolean, cursor: { updatedAt?: string; batchUUID?: string }) {
  const ordered = ascending ? [...batches] : [...batches].reverse();
  const at = cursor.batchUUID === undefined ? -1 : ordered.findIndex((batch) => batch.batchUUID === cursor.batchUUID);
  if (at >= 0) return ordered.slice(at + 1);
  if (cursor.updatedAt === undefined || Number.isNaN(Date.parse(cursor.updatedAt))) return ordered;
  const from = Date.parse(cursor.updatedAt);
  return ordered.filter((batch) => (ascending ? Date.parse(batch.updatedAt) > from : Date.parse(batch.updatedAt) < from));
}

/**
 * Fetches and checks every linked file, waits out the rest of the delay, then applies the whole set or nothing
 * (reference 15.4: one file breaking the rules and none is applied).
 */
async function saveMedia(sellers: Sellers, cards: SellerCards, nmId: number, urls: string[], delayMs: number): Promise<void> {
  const started = cards.startMediaChange(nmId, 'save');
  const until = Date.now() + delayMs;
  const files = await Promise.all(urls.map((url) => fetchMedia(url)));
  await sleep(Math.max(0, until - Date.now()));
  const broken = files.findIndex((file) => typeof file === 'string');
  const images = files.filter((file): file is MediaFile => typeof file !== 'string' && file.kind === 'image');
  const videos = files.filter((file): file is MediaFile => typeof file !== 'string' && file.kind === 'video');
  if (broken >= 0) return cards.settleMedia(started, { reason: `${urls[broken]}: ${files[broken] as string}` });
  if (images.length > MEDIA_RULES.maxImages) return cards.settleMedia(started, { reason: 'больше 30 изображений' });
  if (videos.length > 1) return cards.settleMedia(started, { reason: 'больше одного видео' });
  const hosted = (file: MediaFile) => `${sellers.photosUrl}/media/${sellers.media.put(file)}`;
  const media: CardMedia = { photos: images.map((file) => photoOf(hosted(file))), video: videos[0] ? hosted(videos[0]) : '' };
  cards.settleMedia(started, () => media);
}

/** Reference 15.5: the file at its position (from 1; past the last, appended; a video always 1), after the delay. */
async function placeFile(sellers: Sellers, cards: SellerCards, nmId: number, position: number, file: MediaFile, delayMs: number) {
  const started = cards.startMediaChange(nmId, 'file');
  await sleep(delayMs);
  const url = `${sellers.photosUrl}/media/${sellers.media.put(file)}`;
  cards.settleMedia(started, ({ photos, video }) => {
    if (file.kind === 'video') return { photos, video: url };
    const placed = [...photos];
    if (position <= placed.length) placed[position - 1] = photoOf(url);
    else placed.push(photoOf(url));
    return { photos: placed, video };
  });
}

/** Reference 15.1, 15.2, 15.4 and 15.5: card updates with their error list, and the card media calls. */
export function registerContentWriteRoutes(app: FastifyInstance, context: EmulatorContext): void {
  app.post<{ Body: unknown }>(
    CARDS_UPDATE_PATH,
    { config: { scope: 'content', path: CARDS_UPDATE_PATH, logBody: true } },
    async (request, reply) => {
      const { cards } = callerOf(request).seller;
      const problem = updateBodyProblem(request.body);
      if (problem) return contentError(reply, 400, problem);
      const items = request.body as CardUpdateItem[];
      const problems = new Map<number, string[]>();
      for (const item of items) {
        const card = cards.byNmId(item.nmID);
        if (card) problems.set(item.nmID, cardProblems(card, item));
      }
      cards.update(items, problems);
      return { data: null, error: false, errorText: '', additionalErrors: {} };
    },
  );

  app.post<{ Body: unknown }>(
    CARDS_ERROR_LIST_PATH,
    { config: { scope: 'content', path: CARDS_ERROR_LIST_PATH } },
    async (request, reply) => {
      const { cards } = callerOf(request).seller;
      const body = request.body;
      if (!isObject(body)) return contentError(reply, 400, 'Invalid request body');
      const { cursor = {}, order = {} } = body as { cursor?: Record<string, unknown>; order?: Record<string, unknown> };
      if (!isObject(cursor) || !isObject(order)) return contentError(reply, 400, 'cursor and order: must be objects');
      const limit = cursor.limit ?? MAX_BATCHES;
      if (!isInteger(limit) || (limit as number) < 1 || (limit as number) > MAX_BATCHES)
        return contentError(reply, 400, `cursor.limit: an integer from 1 to ${MAX_BATCHES}`);
      if (cursor.updatedAt !== undefined && !isString(cursor.updatedAt))
        return contentError(reply, 400, 'cursor.updatedAt: must be a string');
      if (cursor.batchUUID !== undefined && !isString(cursor.batchUUID))
        return contentError(reply, 400, 'cursor.batchUUID: must be a string');
      if (order.ascending !== undefined && !isBoolean(order.ascending))
        return contentError(reply, 400, 'order.ascending: must be a boolean');
      const after = batchesAfter(cards.errorBatches(), order.ascending !== false, cursor as { updatedAt?: string; batchUUID?: string });
      const items = after.slice(0, limit as number);
      const last = items[items.length - 1];
      return {
        data: {
          items,
          cursor: {
            next: after.length > items.length,
            updatedAt: last?.updatedAt ?? (cursor.updatedAt as string | undefined) ?? '',
            batchUUID: last?.batchUUID ?? (cursor.batchUUID as string | undefined) ?? '',
          },
        },
        error: false,
        errorText: '',
        additionalErrors: null,
      };
    },
  );

  app.post<{ Body: unknown }>(
    MEDIA_SAVE_PATH,
    { config: { scope: 'content', path: MEDIA_SAVE_PATH, logBody: true } },
    async (request, reply) => {
      const { cards } = callerOf(request).seller;
      const body = request.body;
      if (!isObject(body)) return contentError(reply, 400, 'Invalid request body');
      const { nmId, data } = body as { nmId?: unknown; data?: unknown };
      if (nmId === undefined) return contentError(reply, 422, 'Не указан nmId');
      if (!isInteger(nmId)) return contentError(reply, 400, 'nmId: must be an integer');
      if (!Array.isArray(data) || !data.every(isString)) return contentError(reply, 400, 'data: must be an array of strings');
      if (!cards.byNmId(nmId as number)) return contentError(reply, 400, 'Карточка товара не найдена');
      void saveMedia(context.sellers, cards, nmId as number, data as string[], context.settings.mediaApplyDelayMs);
      return MEDIA_ACCEPTED;
    },
  );

  app.register(async (upload) => {
    // Reference 15.5: the file comes as multipart/form-data; the body is read whole and split here.
    upload.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: MEDIA_FILE_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    upload.post<{ Body: Buffer }>(MEDIA_FILE_PATH, { config: { scope: 'content', path: MEDIA_FILE_PATH } }, async (request, reply) => {
      const { cards } = callerOf(request).seller;
      const boundary = boundaryOf(request.headers['content-type']);
      const parts = boundary && Buffer.isBuffer(request.body) ? formParts(request.body, boundary) : null;
      if (!parts)
        return reply.status(400).header('content-type', 'plain/text').send("Invalid 'boundary' for 'multipart/form-data' request");
      const nmId = Number(request.headers['x-nm-id']);
      const position = Number(request.headers['x-photo-number']);
      if (!/^\d+$/.test(String(request.headers['x-nm-id'] ?? ''))) return contentError(reply, 400, 'X-Nm-Id: must be an nmID');
      if (!Number.isInteger(position) || position < 1) return contentError(reply, 400, 'X-Photo-Number: an integer from 1');
      const card = cards.byNmId(nmId);
      if (!card) return contentError(reply, 400, 'Карточка товара не найдена');
      const part = parts.find((candidate) => candidate.name === 'uploadfile');
      if (!part) return contentError(reply, 400, 'uploadfile: the file is missing');
      const file = checkedMedia(part.data);
      if (typeof file === 'string') return contentError(reply, 400, file);
      if (file.kind === 'video' && position !== 1) return contentError(reply, 400, 'X-Photo-Number: a video is always 1');
      if (file.kind === 'image' && position > card.photos.length && card.photos.length >= MEDIA_RULES.maxImages)
        return contentError(reply, 400, 'больше 30 изображений');
      void placeFile(context.sellers, cards, nmId, position, file, context.settings.mediaApplyDelayMs);
      return MEDIA_ACCEPTED;
    });
  });
}
