import { describe, expect, it } from 'vitest';

import { INJECTION_ACTION, injectionExplanation, injectionFlags } from './injection-flags';

const entry = (entityId: string | null, details: Record<string, unknown>, action = INJECTION_ACTION) => ({
  id: `${entityId}-${action}`,
  userId: 'u1',
  mpAccountId: 'a1',
  action,
  entityType: 'complaint',
  entityId,
  details,
  requestId: null,
  ip: null,
  createdAt: '2026-11-25T00:00:00.000Z',
});

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

describe('injectionFlags', () => {
  it('flags each complaint of an injection record once, by its newest record (the list comes newest first)', () => {
    const flags = injectionFlags([
      entry('c1', { signs: ['prompt-fragment'] }),
      entry('c1', { signs: ['ignore-previous'] }),
      entry('c2', { feedbackId: 'f2' }),
      entry('c3', { signs: ['ignore-previous'] }, 'autoreply.complaint.submit'),
      entry(null, { signs: ['ignore-previous'] }),
    ]);
    expect([...flags.keys()]).toEqual(['c1', 'c2']);
    expect(flags.get('c1')).toBe(injectionExplanation(['prompt-fragment']));
    expect(flags.get('c2')).toBe(injectionExplanation([]));
  });
});
