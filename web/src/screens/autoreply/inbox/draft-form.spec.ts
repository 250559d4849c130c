import { describe, expect, it } from 'vitest';

import { draftFormErrors, editedText } from './draft-form';

const PREPARED = 'Спасибо за отзыв о товаре!';

describe('the reply draft form', () => {
  it.each([
    ['the prepared text passes the check', PREPARED, null],
    ['a text with a phone number is refused', `${PREPARED} Звоните 8 (916) 123-45-67`, 'В ответе номер телефона'],
    ['a one-letter text is refused', 'С', 'Длина ответа должна быть от 2 до 2000 символов'],
  ])('%s', (_name, text, refusal) => {
    expect(draftFormErrors({ text })).toEqual({ text: refusal });
  });

  it.each([
    ['the prepared text is sent as prepared', PREPARED, undefined],
    ['an edited text is sent as the seller wrote it', `${PREPARED} Ждём вас снова.`, `${PREPARED} Ждём вас снова.`],
  ])('%s', (_name, text, sent) => {
    expect(editedText(PREPARED, { text })).toBe(sent);
  });
});
