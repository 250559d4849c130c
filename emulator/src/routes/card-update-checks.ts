import { characteristicName, DESCRIPTION_MAX_LENGTH } from '../generator/card-characteristics';
import type { Card } from '../generator/catalog';
import type { CardUpdateItem } from '../seller-cards';
import { arrayOf, isBoolean, isInteger, isObject, isString } from './request-checks';

/** Reference 15.1: at most 3000 cards a request; a title of at most 60 characters. */
export const MAX_UPDATE_CARDS = 3000;
export const TITLE_MAX_LENGTH = 60;

const isNumber = (value: unknown) => typeof value === 'number' && Number.isFinite(value);
/** Reference 15.1: kilograms with at most 3 decimals. */
const isWeight = (value: unknown) => isNumber(value) && Math.abs(Math.round((value as number) * 1000) - (value as number) * 1000) < 1e-6;
/** Reference 15.3: an array of strings or a number, by the characteristic's type. */
const isCharacteristicValue = (value: unknown) => arrayOf(isString)(value) || isNumber(value);

/** The first field of one card of an update that breaks the file's schema, named as in the body. */
function itemProblem(item: unknown, at: string): string | null {
  if (!isObject(item)) return `${at}: must be an object`;
  const card = item as Record<string, unknown>;
  if (!isInteger(card.nmID)) return `${at}.nmID: must be an integer`;
  if (!isString(card.vendorCode)) return `${at}.vendorCode: must be a string`;
  for (const field of ['brand', 'title', 'description'])
    if (card[field] !== undefined && !isString(card[field])) return `${at}.${field}: must be a string`;
  if (typeof card.title === 'string' && [...card.title].length > TITLE_MAX_LENGTH)
    return `${at}.title: must be at most ${TITLE_MAX_LENGTH} characters`;
  if (card.kizMarked !== undefined && !isBoolean(card.kizMarked)) return `${at}.kizMarked: must be a boolean`;
  if (card.dimensions !== undefined) {
    if (!isObject(card.dimensions)) return `${at}.dimensions: must be an object`;
    const dimensions = card.dimensions as Record<string, unknown>;
    for (const field of ['length', 'width', 'height'])
      if (dimensions[field] !== undefined && !isInteger(dimensions[field])) return `${at}.dimensions.${field}: must be an integer`;
    if (dimensions.weightBrutto !== undefined && !isWeight(dimensions.weightBrutto))
      return `${at}.dimensions.weightBrutto: must be a number with at most 3 decimals`;
  }
  if (card.characteristics !== undefined) {
    if (!Array.isArray(card.characteristics)) return `${at}.characteristics: must be an array`;
    for (const [n, characteristic] of card.characteristics.entries()) {
      if (!isObject(characteristic) || !isInteger(characteristic.id)) return `${at}.characteristics[${n}].id: must be an integer`;
      if (!isCharacteristicValue(characteristic.value)) return `${at}.characteristics[${n}].value: must be an array of strings or a number`;
    }
  }
  if (!Array.isArray(card.sizes)) return `${at}.sizes: must be an array`;
  for (const [n, size] of card.sizes.entries()) {
    if (!isObject(size)) return `${at}.sizes[${n}]: must be an object`;
    const fields = size as Record<string, unknown>;
    if (fields.chrtID !== undefined && !isInteger(fields.chrtID)) return `${at}.sizes[${n}].chrtID: must be an integer`;
    if (fields.price !== undefined && !isInteger(fields.price)) return `${at}.sizes[${n}].price: must be an integer`;
    for (const field of ['techSize', 'wbSize'])
      if (fields[field] !== undefined && !isString(fields[field])) return `${at}.sizes[${n}].${field}: must be a string`;
    if (fields.skus !== undefined && !arrayOf(isString)(fields.skus)) return `${at}.sizes[${n}].skus: must be an array of strings`;
  }
  return null;
}

/** Reference 15.1: what makes the whole request a 400 (the file's schema), or null. */
export function updateBodyProblem(body: unknown): string | null {
  if (!Array.isArray(body)) return 'request body: must be an array of cards';
  if (body.length === 0 || body.length > MAX_UPDATE_CARDS) return `request body: from 1 to ${MAX_UPDATE_CARDS} cards`;
  for (const [n, item] of body.entries()) {
    const problem = itemProblem(item, `[${n}]`);
    if (problem) return problem;
  }
  const nmIds = body.map((item: { nmID: number }) => item.nmID);
  if (new Set(nmIds).size !== nmIds.length) return 'request body: a card (nmID) is sent twice';
  return null;
}

/** Reference 15.1 and 15.3: why the marketplace refuses one card of a well-formed update (it goes to the error list). */
export function cardProblems(card: Card, item: CardUpdateItem): string[] {
  const problems: string[] = [];
  if ((item.description ?? '').length > DESCRIPTION_MAX_LENGTH)
    problems.push(`Превышена максимальная длина поля Описание: ${DESCRIPTION_MAX_LENGTH} символов`);
  const ids = (item.characteristics ?? []).map(({ id }) => id);
  for (const id of ids)
    if (characteristicName(card.subjectID, id) === null) problems.push(`Характеристика ${id} не относится к предмету ${card.subjectName}`);
  if (new Set(ids).size !== ids.length) problems.push('non unique characteristics in one group');
  if (item.sizes.length === 0) problems.push('Не указаны размеры');
  for (const size of item.sizes)
    if (size.chrtID !== undefined && !card.sizes.some((existing) => existing.chrtID === size.chrtID))
      problems.push(`Размер ${size.chrtID} не относится к карточке`);
  return problems;
}
