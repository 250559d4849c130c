import { describe, expect, it } from 'vitest';

import { injectionExplanation } from './injection-explanation';

describe('injectionExplanation', () => {
  it.each([
    [['ignore-previous'], 'В тексте отзыва есть признаки попытки управлять ИИ (просьба забыть или игнорировать инструкции).'],
    [
      ['role-marker', 'model-mention'],
      'В тексте отзыва есть признаки попытки управлять ИИ (служебные пометки ролей (system:, assistant:); обращение к ИИ или языковой модели).',
    ],
    [['new-family'], 'В тексте отзыва есть признаки попытки управлять ИИ (new-family).'],
    [[], 'В тексте отзыва есть признаки попытки управлять ИИ.'],
  ])('%o', (signs, start) => {
    expect(injectionExplanation(signs)).toBe(
      `${start} Жалоба оставлена черновиком: прочитайте отзыв и текст жалобы сами, прежде чем подавать её.`,
    );
  });
});
