/** A characteristic a card of a subject may have: its id and name (reference 15.3). */
interface Characteristic {
  id: number;
  name: string;
}

/** Characteristics of every subject; generated cards fill the colour. */
const COMMON: readonly Characteristic[] = [
  { id: 14177449, name: 'Цвет' },
  { id: 14177451, name: 'Страна производства' },
  { id: 14177452, name: 'Комплектация' },
  { id: 15000001, name: 'Ставка НДС' },
];

/** Characteristics of some subjects only (by subject id of generator/catalog.ts). */
const BY_SUBJECT: Record<number, readonly Characteristic[]> = {
  105: [
    { id: 14177453, name: 'Состав' },
    { id: 14177454, name: 'Пол' },
  ],
  192: [
    { id: 14177453, name: 'Состав' },
    { id: 14177454, name: 'Пол' },
  ],
  11: [
    { id: 14177453, name: 'Состав' },
    { id: 14177454, name: 'Пол' },
  ],
  217: [{ id: 14177455, name: 'Материал подошвы' }],
  2614: [{ id: 14177456, name: 'Объём' }],
  1454: [{ id: 14177456, name: 'Объём' }],
  3979: [{ id: 14177457, name: 'Тип подключения' }],
  6191: [{ id: 14177458, name: 'Модель телефона' }],
};

/** The characteristics of a subject: the common ones, then its own. */
export function subjectCharacteristics(subjectId: number): readonly Characteristic[] {
  return [...COMMON, ...(BY_SUBJECT[subjectId] ?? [])];
}

/** The name of a characteristic of the subject, or null when the subject has no such characteristic. */
export function characteristicName(subjectId: number, id: number): string | null {
  return subjectCharacteristics(subjectId).find((characteristic) => characteristic.id === id)?.name ?? null;
}

/** Reference 15.1: a description's maximum length ("usually 2000"). */
export const DESCRIPTION_MAX_LENGTH = 2000;
