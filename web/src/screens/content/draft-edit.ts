import type { components } from '../../api/schema';
import { characteristicValue } from './content-text';

type Schemas = components['schemas'];
type Texts = Schemas['ContentTextsDto'];
type Patch = Schemas['ContentProposedPatchDto'];

/** The proposed texts as the edit form holds them: each characteristic as one line of comma-separated values. */
export interface DraftEditFields {
  title: string;
  description: string;
  characteristics: string[];
}

export const editFieldsOf = (texts: Texts): DraftEditFields => ({
  title: texts.title,
  description: texts.description,
  characteristics: texts.characteristics.map((characteristic) => characteristicValue(characteristic.value)),
});

/** A line back as the characteristic's value: a number stays a number, a list is split at commas. */
function valueOf(line: string, was: number | string[]): number | string[] {
  if (typeof was === 'number') {
    const number = Number(line.replace(',', '.'));
    return Number.isFinite(number) && line.trim() !== '' ? number : was;
  }
  return line
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** Only the fields the seller changed; characteristics are sent whole when any of them changed. */
export function proposedPatch(texts: Texts, fields: DraftEditFields): Patch {
  const patch: Patch = {};
  if (fields.title !== texts.title) patch.title = fields.title;
  if (fields.description !== texts.description) patch.description = fields.description;
  const before = editFieldsOf(texts).characteristics;
  if (fields.characteristics.some((line, index) => line !== before[index]))
    patch.characteristics = texts.characteristics.map((characteristic, index) => ({
      id: characteristic.id,
      value: valueOf(fields.characteristics[index], characteristic.value),
    }));
  return patch;
}
