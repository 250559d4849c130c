import { subjectCharacteristics } from './card-characteristics';
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

/** The type of each characteristic of the generated subjects: a number (charcType 4, with its unit) or up to maxCount strings. */
const TYPES: Record<number, { charcType: 1 | 4; maxCount: number; unitName?: string }> = {
  14177449: { charcType: 1, maxCount: 3 },
  14177451: { charcType: 1, maxCount: 1 },
  14177452: { charcType: 1, maxCount: 0 },
  15000001: { charcType: 1, maxCount: 1 },
  14177453: { charcType: 1, maxCount: 5 },
  14177454: { charcType: 1, maxCount: 1 },
  14177455: { charcType: 1, maxCount: 2 },
  14177456: { charcType: 4, maxCount: 0, unitName: 'мл' },
  14177457: { charcType: 1, maxCount: 2 },
  14177458: { charcType: 1, maxCount: 0 },
};

/**
 * The characteristics of a generated subject (the ids its cards may carry), empty for an unknown one. The colour is
 * always required; each other one is required when the subject id's bit of its position is set, so that subjects
 * differ but never change.
 */
export function subjectCharcsOf(subjectId: number): SubjectCharc[] {
  const subjectName = subjectNameOf(subjectId);
  if (subjectName === undefined) return [];
  return subjectCharacteristics(subjectId).map(({ id, name }, position) => {
    const type = TYPES[id] ?? { charcType: 1, maxCount: 0 };
    return {
      charcID: id,
      name,
      subjectID: subjectId,
      subjectName,
      required: position === 0 || (subjectId >> position) % 2 === 1,
      unitName: type.unitName ?? '',
      charcType: type.charcType,
      maxCount: type.maxCount,
      popular: position < 2,
      hasFilter: position < 3,
      isVariable: position === 0,
      existNamedField: false,
    };
  });
}
