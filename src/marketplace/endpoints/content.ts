import { Endpoint, EndpointRequest, fillPath, inBody } from './endpoint';
import { anything, arrayOf, bool, int, num, object, optional, recordOf, ShapeOf, str } from './shape';

/** Reference 2.1: the request of a cards page. */
export interface CardsListBody {
  settings: {
    sort?: { ascending?: boolean };
    filter?: {
      withPhoto?: number;
      textSearch?: string;
      tagIDs?: number[];
      allowedCategoriesOnly?: boolean;
      objectIDs?: number[];
      brands?: string[];
      imtID?: number;
    };
    cursor?: { limit?: number; updatedAt?: string | null; nmID?: number };
  };
}

/** Reference 2.1 and 15.4: the URLs of one photo in its sizes (`hq` where the marketplace has it). */
export const CardPhoto = object({
  big: optional(str),
  c246x328: optional(str),
  c516x688: optional(str),
  square: optional(str),
  tm: optional(str),
  hq: optional(str),
});
export type CardPhoto = ShapeOf<typeof CardPhoto>;

/**
 * Reference 2.1: a card. The file marks no field required; the check requires those the catalog keeps. The answer's
 * card objects are handed over whole (fields the check does not name stay as they came), so an update built from one
 * (cardUpdateOf) sends every field it does not change as it was read.
 */
export const Card = object({
  nmID: int,
  imtID: optional(int),
  nmUUID: optional(str),
  subjectID: optional(int),
  subjectName: optional(str),
  vendorCode: str,
  brand: str,
  title: str,
  description: optional(str),
  needKiz: optional(bool),
  kizMarked: optional(bool),
  photos: optional(arrayOf(CardPhoto)),
  video: optional(str),
  wholesale: optional(object({ enabled: optional(bool), quantum: optional(num) })),
  dimensions: optional(
    object({ length: optional(int), width: optional(int), height: optional(int), weightBrutto: optional(num), isValid: optional(bool) }),
  ),
  characteristics: optional(arrayOf(object({ id: optional(int), name: optional(str), value: anything }))),
  sizes: optional(arrayOf(object({ chrtID: int, techSize: str, wbSize: optional(str), skus: optional(arrayOf(str)) }))),
  tags: optional(arrayOf(object({ id: optional(int), name: optional(str), color: optional(str) }))),
  createdAt: optional(str),
  updatedAt: str,
});
export type Card = ShapeOf<typeof Card>;

/** Reference 2.1: a page of cards and the cursor of the next one (total: cards in this page). */
export const CardsList = object({ cards: arrayOf(Card), cursor: object({ updatedAt: str, nmID: int, total: int }) });
export type CardsList = ShapeOf<typeof CardsList>;

export const cardsList: Endpoint<CardsListBody, CardsList> = {
  scope: 'content',
  label: 'Карточки товаров: список',
  method: 'POST',
  path: '/content/v2/get/cards/list',
  request: inBody,
  response: CardsList,
};

/** Reference 15.3: the subject id in the path; the locale of the names (the sandbox answers Russian only). */
export interface SubjectCharcsParams {
  subjectId: number;
  locale?: 'ru' | 'en' | 'zh';
}

/** Reference 15.3: charcType 1 is an array of strings (up to maxCount, 0 = unlimited), 4 a single number, 0 unused. */
export const SubjectCharc = object({
  charcID: int,
  name: str,
  subjectID: optional(int),
  subjectName: optional(str),
  required: bool,
  unitName: optional(str),
  charcType: int,
  maxCount: optional(int),
  popular: optional(bool),
  hasFilter: optional(bool),
  isVariable: optional(bool),
  existNamedField: optional(bool),
});
export type SubjectCharc = ShapeOf<typeof SubjectCharc>;

export const SubjectCharcs = object({
  data: arrayOf(SubjectCharc),
  error: optional(bool),
  errorText: optional(str),
  additionalErrors: optional(anything),
});
export type SubjectCharcs = ShapeOf<typeof SubjectCharcs>;

/** The path of the characteristics call; the subject id segment is keyed as {task_id}, so that every subject shares one bucket. */
const SUBJECT_CHARCS_PATH = '/content/v2/object/charcs/{task_id}';

export const subjectCharcs: Endpoint<SubjectCharcsParams, SubjectCharcs> = {
  scope: 'content',
  label: 'Карточки товаров: характеристики предмета',
  method: 'GET',
  path: SUBJECT_CHARCS_PATH,
  request: ({ subjectId, locale }) => ({ path: fillPath(SUBJECT_CHARCS_PATH, { task_id: subjectId }), query: { locale } }),
  response: SubjectCharcs,
};

/**
 * Reference 15.1: one card of an update. The card becomes exactly what is sent: a writable field left out is cleared
 * (an omitted kizMarked becomes false); photos, video and tags are not written here. `chrtID` names an existing size
 * (absent for a new one, which may carry its `price`); barcodes of an existing size can only be added.
 */
export interface CardUpdate {
  nmID: number;
  vendorCode: string;
  brand?: string;
  title?: string;
  description?: string;
  kizMarked?: boolean;
  dimensions?: { length: number; width: number; height: number; weightBrutto: number };
  characteristics?: { id: number; value: unknown }[];
  sizes: { chrtID?: number; techSize?: string; wbSize?: string; price?: number; skus?: string[] }[];
}

/** The writable fields of a card as an update: every field the card has, with its value as read. */
export function cardUpdateOf(card: Card): CardUpdate {
  const { length, width, height, weightBrutto } = card.dimensions ?? {};
  const dimensions =
    length !== undefined && width !== undefined && height !== undefined && weightBrutto !== undefined
      ? { length, width, height, weightBrutto }
      : undefined;
  return {
    nmID: card.nmID,
    vendorCode: card.vendorCode,
    brand: card.brand,
    title: card.title,
    ...(card.description === undefined ? {} : { description: card.description }),
    ...(card.kizMarked === undefined ? {} : { kizMarked: card.kizMarked }),
    ...(dimensions ? { dimensions } : {}),
    ...(card.characteristics
      ? { characteristics: card.characteristics.flatMap(({ id, value }) => (id === undefined ? [] : [{ id, value }])) }
      : {}),
    sizes: (card.sizes ?? []).map(({ chrtID, techSize, wbSize, skus }) => ({
      chrtID,
      techSize,
      ...(wbSize === undefined ? {} : { wbSize }),
      ...(skus === undefined ? {} : { skus }),
    })),
  };
}

/** Reference 0.3 and 15.1: the content envelope; 200 does not mean the cards changed (their errors are in 15.2). */
export const ContentAnswer = object({ data: anything, error: bool, errorText: str, additionalErrors: anything });
export type ContentAnswer = ShapeOf<typeof ContentAnswer>;

/**
 * Reference 15.1: at most 3000 cards and 10 MB a request. A 400 (its errors by vendor code) and a 413 (the body too
 * long) are the caller's to read.
 */
export const cardsUpdate: Endpoint<CardUpdate[], ContentAnswer, unknown> = {
  scope: 'content',
  label: 'Карточки товаров: изменение',
  method: 'POST',
  path: '/content/v2/cards/update',
  request: inBody,
  response: ContentAnswer,
  rejections: [400, 413],
};

/** Reference 15.2: the request of a page of error batches; the next page's cursor is copied from the answer. */
export interface CardsErrorListBody {
  cursor?: { limit?: number; updatedAt?: string; batchUUID?: string };
  order?: { ascending?: boolean };
}

/** Reference 15.2: one batch, the errors of one update request, by vendor code. */
export const CardErrorBatch = object({
  batchUUID: str,
  updatedAt: str,
  vendorCodes: arrayOf(str),
  errors: recordOf(arrayOf(str)),
  subjects: optional(recordOf(object({ id: optional(int), name: optional(str) }))),
  brands: optional(recordOf(object({ id: optional(int), name: optional(str) }))),
});
export type CardErrorBatch = ShapeOf<typeof CardErrorBatch>;

/** Reference 15.2: a page of batches; `next: false` on the last one. */
export const CardsErrorList = object({
  data: object({ items: arrayOf(CardErrorBatch), cursor: object({ next: bool, updatedAt: str, batchUUID: str }) }),
  error: bool,
  errorText: str,
  additionalErrors: anything,
});
export type CardsErrorList = ShapeOf<typeof CardsErrorList>;

export const cardsErrorList: Endpoint<CardsErrorListBody, CardsErrorList> = {
  scope: 'content',
  label: 'Карточки товаров: ошибки',
  method: 'POST',
  path: '/content/v2/cards/error/list',
  request: inBody,
  response: CardsErrorList,
};

/** Reference 15.4: the card's whole new media set, image URLs in card order (a video URL anywhere). */
export interface MediaSaveBody {
  nmId: number;
  data: string[];
}

/** Reference 15.4 and 15.5: 200 `{data:{}, error:false, ...}`, even when an image broke the rules and nothing was applied. */
export const MediaAnswer = object({ data: anything, error: bool, errorText: str, additionalErrors: anything });
export type MediaAnswer = ShapeOf<typeof MediaAnswer>;

/** Reference 15.4: a 400, 409 (some links not saved) or 422 (no nmId) is the caller's to read. */
export const mediaSave: Endpoint<MediaSaveBody, MediaAnswer, unknown> = {
  scope: 'content',
  label: 'Медиафайлы: загрузка по ссылкам',
  method: 'POST',
  path: '/content/v3/media/save',
  request: inBody,
  response: MediaAnswer,
  rejections: [400, 409, 422],
};

/** Reference 15.5: one file for a card at a position from 1 (a video always 1). */
export interface MediaFileParams {
  nmId: number;
  photoNumber: number;
  file: { bytes: Uint8Array; fileName: string; contentType: string };
}

/** Reference 15.5: the file is the multipart part `uploadfile`; the card and position go in headers. */
export function mediaFileRequest({ nmId, photoNumber, file }: MediaFileParams): EndpointRequest {
  return {
    headers: { 'X-Nm-Id': String(nmId), 'X-Photo-Number': String(photoNumber) },
    upload: { field: 'uploadfile', ...file },
  };
}

export const mediaFile: Endpoint<MediaFileParams, MediaAnswer, unknown> = {
  scope: 'content',
  label: 'Медиафайлы: загрузка файла',
  method: 'POST',
  path: '/content/v3/media/file',
  request: mediaFileRequest,
  response: MediaAnswer,
  rejections: [400],
};
