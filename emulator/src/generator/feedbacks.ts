import { DAY_MS } from '../moscow-time';
import { brandOf, Card, cardAt, CatalogShape, nmIdOf, sizesOf, vendorCodeOf } from './catalog';
import { intBetween, itemRandom, pick } from './random';

/** A seller's feedbacks or questions: `count` items spread over the last `days` days, the oldest first. */
export interface TextStream {
  seed: number;
  count: number;
  firstMs: number;
  spanMs: number;
  /** Separates feedbacks from questions of the same seed. */
  salt: number;
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const PRAISE = ['Отличное качество, всё подошло', 'Очень доволен покупкой', 'Хорошая вещь за свои деньги', 'Соответствует описанию'];
const COMPLAINTS = ['Размер не совпал с таблицей', 'Пришло с дефектом на шве', 'Цвет отличается от фото', 'Долгая доставка'];
const QUESTIONS = ['Какой состав ткани?', 'Есть ли размер побольше?', 'Подойдёт ли для зимы?', 'Какая длина по спинке?'];
const NAMES = ['Анна', 'Иван', 'Мария', 'Сергей', 'Ольга', 'Дмитрий'];

export function textStream(seed: number, count: number, days: number, salt: number, nowMs = Date.now()): TextStream {
  const spanMs = days * DAY_MS;
  return { seed, count, firstMs: nowMs - spanMs, spanMs, salt };
}

/** A 20-character id like the marketplace's (YX52RZEBhH9mrcYdEJuD). */
function idOf(stream: TextStream, k: number): string {
  const random = itemRandom(stream.seed, k, stream.salt + 100);
  return Array.from({ length: 20 }, () => ID_ALPHABET[Math.floor(random() * ID_ALPHABET.length)]).join('');
}

export interface TextItem {
  k: number;
  id: string;
  createdMs: number;
  cardIndex: number;
  rating: number;
  /** Answered before the emulator started (about half of the older half). */
  answeredAtStart: boolean;
}

export function itemAt(stream: TextStream, shape: CatalogShape, k: number): TextItem {
  const random = itemRandom(stream.seed, k, stream.salt);
  const rating = random() < 0.7 ? 5 : intBetween(random, 1, 4);
  return {
    k,
    id: idOf(stream, k),
    createdMs: stream.firstMs + Math.floor(((k + random()) * stream.spanMs) / Math.max(stream.count, 1)),
    cardIndex: intBetween(random, 0, Math.max(0, shape.cards - 1)),
    rating,
    answeredAtStart: k < stream.count / 2 && random() < 0.5,
  };
}

/** The index of an id, found by generating the ids (small streams: a few thousand at most). */
export function indexOfId(stream: TextStream, id: string): number | null {
  for (let k = 0; k < stream.count; k += 1) if (idOf(stream, k) === id) return k;
  return null;
}

export interface Answer {
  text: string;
  state: string;
  editable: boolean;
  createdMs: number;
}

/** The product a feedback or question is about. */
function productDetailsOf(shape: CatalogShape, item: TextItem, card: Card) {
  return {
    nmId: nmIdOf(shape, item.cardIndex),
    imtId: card.imtID,
    productName: card.title,
    supplierArticle: vendorCodeOf(shape, item.cardIndex),
    supplierName: 'ООО Продавец',
    brandName: brandOf(shape, item.cardIndex),
  };
}

/** Reference 5.1: one feedback. */
export function feedbackOf(shape: CatalogShape, item: TextItem, answer: Answer | null) {
  const random = itemRandom(item.k, item.cardIndex, 31);
  const card = cardAt(shape, item.cardIndex);
  const size = pick(random, sizesOf(shape, item.cardIndex));
  const positive = item.rating >= 4;
  return {
    id: item.id,
    text: positive ? pick(random, PRAISE) : pick(random, COMPLAINTS),
    pros: positive ? 'Качество' : '',
    cons: positive ? '' : 'Размер',
    productValuation: item.rating,
    createdDate: new Date(item.createdMs).toISOString(),
    state: answer ? 'wbRu' : 'none',
    ...(answer ? { answer: { text: answer.text, state: answer.state, editable: answer.editable } } : {}),
    productDetails: { ...productDetailsOf(shape, item, card), size: size.techSize },
    photoLinks: random() < 0.2 ? [{ fullSize: card.photos[0]?.big ?? '', miniSize: card.photos[0]?.tm ?? '' }] : [],
    wasViewed: answer !== null,
    userName: pick(random, NAMES),
    orderStatus: positive ? 'buyout' : pick(random, ['buyout', 'returned', 'notSpecified']),
    matchingSize: positive ? 'ok' : pick(random, ['smaller', 'bigger', '']),
    isAbleSupplierFeedbackValuation: true,
    supplierFeedbackValuation: 0,
    isAbleSupplierProductValuation: true,
    supplierProductValuation: 0,
    isAbleReturnProductOrders: !positive,
    bables: positive ? ['качество'] : [],
    lastOrderShkId: 10_000_000 + item.k,
    lastOrderCreatedAt: new Date(item.createdMs - 7 * DAY_MS).toISOString(),
    color: 'чёрный',
    subjectId: card.subjectID,
    subjectName: card.subjectName,
  };
}

/** Reference 5.2: one question. */
export function questionOf(shape: CatalogShape, item: TextItem, answer: Answer | null, flags: { wasViewed: boolean; rejected: boolean }) {
  const random = itemRandom(item.k, item.cardIndex, 37);
  const card = cardAt(shape, item.cardIndex);
  return {
    id: item.id,
    text: pick(random, QUESTIONS),
    createdDate: new Date(item.createdMs).toISOString(),
    state: flags.rejected ? 'none' : answer ? 'wbRu' : 'suppliersPortalSynch',
    ...(answer ? { answer: { text: answer.text, editable: answer.editable, createDate: new Date(answer.createdMs).toISOString() } } : {}),
    productDetails: productDetailsOf(shape, item, card),
    wasViewed: flags.wasViewed || answer !== null,
    isWarned: false,
  };
}
