import { subjectNameOf } from './catalog';

/** Reference 15.3: a characteristic of a subject as the characteristics call answers it. */
export interface SubjectCharc {
  charcID: number;
  name: string;
  subjectID: number;
  subjectName: string;
  required: boolean;
  unitName: string;
  /** 1: an array of strings (up to maxCount, 0 = unlimited); 4: a single number. */
  charcType: 1 | 4;
  maxCount: number;
  popular: boolean;
  hasFilter: boolean;
  isVariable: boolean;
  existNamedField: boolean;
}

/** Every subject's characteristics, of which some are required by the subject's id (fixed, so tests can name them). */
const CHARACTERISTICS: readonly { charcID: number; name: string; unitName: string; charcType: 1 | 4; maxCount: number }[] = [
  // The colour every generated card carries.
  { charcID: 14177449, name: 'Цвет', unitName: '', charcType: 1, maxCount: 3 },
  { charcID: 14177450, name: 'Состав', unitName: '', charcType: 1, maxCount: 5 },
  { charcID: 14177451, name: 'Страна производства', unitName: '', charcType: 1, maxCount: 1 },
  { charcID: 14177452, name: 'Вес товара без упаковки (г)', unitName: 'г', charcType: 4, maxCount: 0 },
  { charcID: 14177453, name: 'Назначение', unitName: '', charcType: 1, maxCount: 0 },
];

/**
 * The characteristics of a generated subject, empty for an unknown one. The colour is always required; each other one is
 * required when the subject id's bit of its position is set, so that subjects differ but never change.
 */
export function subjectCharcsOf(subjectId: number): SubjectCharc[] {
  const subjectName = subjectNameOf(subjectId);
  if (subjectName === undefined) return [];
  return CHARACTERISTICS.map((charc, position) => ({
    ...charc,
    subjectID: subjectId,
    subjectName,
    required: position === 0 || (subjectId >> position) % 2 === 1,
    popular: position < 2,
    hasFilter: position < 3,
    isVariable: position === 0,
    existNamedField: false,
  }));
}
