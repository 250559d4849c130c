import { describe, expect, it } from 'vitest';

import { editFieldsOf, proposedPatch } from './draft-edit';

const texts = {
  title: 'Кружка',
  description: 'Керамическая кружка',
  characteristics: [
    { id: 1, name: 'Цвет', value: ['белый'] },
    { id: 2, name: 'Объём', value: 300 },
  ],
};

describe('proposedPatch', () => {
  it('sends nothing when nothing changed', () => {
    expect(proposedPatch(texts, editFieldsOf(texts))).toEqual({});
  });

  it('sends a changed title alone', () => {
    expect(proposedPatch(texts, { ...editFieldsOf(texts), title: 'Кружка белая' })).toEqual({ title: 'Кружка белая' });
  });

  it('sends every characteristic once one changed, lists split at commas and numbers kept numbers', () => {
    expect(proposedPatch(texts, { ...editFieldsOf(texts), characteristics: ['белый, чёрный', '350'] })).toEqual({
      characteristics: [
        { id: 1, value: ['белый', 'чёрный'] },
        { id: 2, value: 350 },
      ],
    });
  });
});
