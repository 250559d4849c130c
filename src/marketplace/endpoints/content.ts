import { Endpoint, fillPath, inBody } from './endpoint';
import { anything, arrayOf, bool, int, num, object, optional, ShapeOf, str } from './shape';

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

/** Reference 2.1: a card. The file marks no field required; the check requires those the catalog keeps. */
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
  photos: optional(
    arrayOf(object({ big: optional(str), c246x328: optional(str), c516x688: optional(str), square: optional(str), tm: optional(str) })),
  ),
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

export const SubjectCharcs = object({ data: arrayOf(SubjectCharc), error: optional(bool), errorText: optional(str), additionalErrors: optional(anything) });
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
