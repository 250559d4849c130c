import { ADJECTIVES, productName, ProductNoun } from './product-names';
import { intBetween, itemRandom, pick } from './random';

/** What a generated seller's catalog looks like; everything else is computed from the seed and the card index. */
export interface CatalogShape {
  seed: number;
  cards: number;
  /** nmID of card 0; card i has nmID nmIdBase + i. */
  nmIdBase: number;
  /** updatedAt of card 0 (ms); cards are updated one after another, CARD_STEP_MS apart. */
  startMs: number;
  /** Where the emulator serves this catalog's photos: photo n of a card is `${photosUrl}/${nmID}/${n}.svg`. */
  photosUrl: string;
}

export const CARD_STEP_MS = 37_000;

/** The marketplace's subjects (plural, as it names them) and the noun a product title of each starts with. */
const SUBJECTS: readonly { id: number; name: string; noun: ProductNoun }[] = [
  { id: 105, name: 'Футболки', noun: { name: 'Футболка', form: 'f' } },
  { id: 192, name: 'Платья', noun: { name: 'Платье', form: 'n' } },
  { id: 11, name: 'Джинсы', noun: { name: 'Джинсы', form: 'plural' } },
  { id: 217, name: 'Кроссовки', noun: { name: 'Кроссовки', form: 'plural' } },
  { id: 2614, name: 'Рюкзаки', noun: { name: 'Рюкзак', form: 'm' } },
  { id: 1454, name: 'Кружки', noun: { name: 'Кружка', form: 'f' } },
  { id: 3979, name: 'Наушники', noun: { name: 'Наушники', form: 'plural' } },
  { id: 6191, name: 'Чехлы для телефонов', noun: { name: 'Чехол для телефона', form: 'm' } },
];

/** The name of a subject of the generated catalogs, or undefined for an id none of them has. */
export function subjectNameOf(subjectId: number): string | undefined {
  return SUBJECTS.find((subject) => subject.id === subjectId)?.name;
}

const BRANDS = [
  'Северный ветер',
  'UrbanLine',
  'Ярмарка',
  'NordHome',
  'Клевер',
  'Stitch&Co',
  'Пёрышко',
  'TechNova',
  'Лесная тропа',
  'Mira',
  'Zvezda',
  'BasicWear',
];
const CLOTHING_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];

export interface Card {
  nmID: number;
  imtID: number;
  nmUUID: string;
  subjectID: number;
  subjectName: string;
  vendorCode: string;
  brand: string;
  title: string;
  description: string;
  needKiz: boolean;
  kizMarked: boolean;
  photos: { big: string; c246x328: string; c516x688: string; square: string; tm: string }[];
  video: string;
  wholesale: { enabled: boolean; quantum: number };
  dimensions: { length: number; width: number; height: number; weightBrutto: number; isValid: boolean };
  characteristics: { id: number; name: string; value: unknown }[];
  sizes: CardSize[];
  tags: { id: number; name: string; color: string }[];
  createdAt: string;
  updatedAt: string;
}

export function nmIdOf(shape: CatalogShape, index: number): number {
  return shape.nmIdBase + index;
}

/** The card index of an nmID, or null when the seller has no such card. */
export function indexOfNmId(shape: CatalogShape, nmId: number): number | null {
  const index = nmId - shape.nmIdBase;
  return Number.isInteger(index) && index >= 0 && index < shape.cards ? index : null;
}

export function updatedAtMs(shape: CatalogShape, index: number): number {
  return shape.startMs + index * CARD_STEP_MS;
}

function hex(random: () => number, digits: number): string {
  return Math.floor(random() * 16 ** digits)
    .toString(16)
    .padStart(digits, '0');
}

function uuidFrom(random: () => number): string {
  return `${hex(random, 8)}-${hex(random, 4)}-4${hex(random, 3)}-a${hex(random, 3)}-${hex(random, 6)}${hex(random, 6)}`;
}

/** Every size of a photo is the same generated picture (an SVG scales to each). */
function photo(shape: CatalogShape, nmId: number, n: number) {
  const url = `${shape.photosUrl}/${nmId}/${n}.svg`;
  return { big: url, c246x328: url, c516x688: url, square: url, tm: url };
}

/** Sizes of a card: one-size goods have the single techSize "0", clothing has 2-5 letter sizes. */
export type CardSize = { chrtID: number; techSize: string; wbSize: string; skus: string[] };

/** The sizes of each card of a catalog, made once: every order and row of a card reads them. */
const SIZES = new WeakMap<CatalogShape, Map<number, CardSize[]>>();

export function sizesOf(shape: CatalogShape, index: number): CardSize[] {
  let sizes = SIZES.get(shape);
  if (!sizes) SIZES.set(shape, (sizes = new Map()));
  let card = sizes.get(index);
  if (!card) sizes.set(index, (card = makeSizes(shape, index)));
  return card;
}

function makeSizes(shape: CatalogShape, index: number): CardSize[] {
  const random = itemRandom(shape.seed, index, 2);
  const nmID = nmIdOf(shape, index);
  const oneSize = random() < 0.4;
  const names = oneSize ? ['0'] : CLOTHING_SIZES.slice(intBetween(random, 0, 2), intBetween(random, 3, 6));
  return names.map((techSize, n) => ({
    chrtID: nmID * 10 + n,
    techSize,
    wbSize: oneSize ? '' : String(42 + 2 * CLOTHING_SIZES.indexOf(techSize)),
    skus: [`20${String(nmID * 10 + n).padStart(11, '0')}`],
  }));
}

export function brandOf(shape: CatalogShape, index: number): string {
  return pick(itemRandom(shape.seed, index, 1), BRANDS);
}

export function vendorCodeOf(shape: CatalogShape, index: number): string {
  return `ART-${shape.seed % 1000}-${String(index).padStart(6, '0')}`;
}

export function cardAt(shape: CatalogShape, index: number): Card {
  const random = itemRandom(shape.seed, index);
  const nmID = nmIdOf(shape, index);
  const subject = pick(random, SUBJECTS);
  const brand = brandOf(shape, index);
  const photoCount = random() < 0.05 ? 0 : intBetween(random, 1, 5);
  const updated = updatedAtMs(shape, index);
  const title = `${productName(subject.noun, pick(random, ADJECTIVES))} ${brand}`;
  return {
    nmID,
    imtID: Math.floor(nmID / 3) + 1,
    nmUUID: uuidFrom(random),
    subjectID: subject.id,
    subjectName: subject.name,
    vendorCode: vendorCodeOf(shape, index),
    brand,
    title,
    description: `${title}. Удобная посадка, качественные материалы.`,
    needKiz: false,
    kizMarked: false,
    photos: Array.from({ length: photoCount }, (_, n) => photo(shape, nmID, n + 1)),
    video: '',
    wholesale: { enabled: false, quantum: 0 },
    dimensions: {
      length: intBetween(random, 10, 60),
      width: intBetween(random, 5, 40),
      height: intBetween(random, 2, 30),
      weightBrutto: Math.round(random() * 3000) / 1000,
      isValid: true,
    },
    characteristics: [{ id: 14177449, name: 'Цвет', value: [pick(random, ['чёрный', 'белый', 'синий', 'зелёный', 'бежевый'])] }],
    sizes: sizesOf(shape, index),
    tags: [],
    createdAt: new Date(updated - intBetween(random, 1, 400) * 86_400_000).toISOString(),
    updatedAt: new Date(updated).toISOString(),
  };
}
