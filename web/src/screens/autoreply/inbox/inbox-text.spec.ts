import { dateTime } from '@shared/format';
import { describe, expect, it } from 'vitest';

import { draftStatusText, emptyInboxText, inboxFilterQuery, InboxFilters, NO_FILTERS } from './inbox-text';

describe('inboxFilterQuery', () => {
  it.each<[string, Partial<InboxFilters>, object]>([
    ['no filters', {}, {}],
    ['a kind', { kind: 'question' }, { kind: 'question' }],
    ['one rating', { rating: '4' }, { ratingMin: 4, ratingMax: 4 }],
    ['a product by nmID', { nmId: ' 100001 ' }, { nmId: 100001 }],
    ['not an nmID', { nmId: 'abc' }, {}],
    ['text trimmed', { text: '  размер ' }, { q: 'размер' }],
    ['spaces only', { text: '   ' }, {}],
  ])('%s', (_name, filters, query) => {
    expect(inboxFilterQuery({ ...NO_FILTERS, ...filters })).toEqual(query);
  });
});

describe('draftStatusText', () => {
  it.each<[Parameters<typeof draftStatusText>[0], string]>([
    [{ status: 'draft', note: null, scheduledAt: null }, 'Черновик: ещё не отправлен'],
    [{ status: 'draft', note: 'Не отправлен автоматически', scheduledAt: null }, 'Черновик: ещё не отправлен: Не отправлен автоматически'],
    [{ status: 'pending', note: null, scheduledAt: null }, 'В очереди на публикацию'],
    [
      { status: 'pending', note: null, scheduledAt: '2026-05-01T09:15:00Z' },
      `Будет опубликован автоматически ${dateTime('2026-05-01T09:15:00Z')}`,
    ],
    [{ status: 'sent', note: null, scheduledAt: null }, 'Опубликован'],
    [
      { status: 'error', note: 'Заблокирован проверкой безопасности', scheduledAt: null },
      'Не опубликован: Заблокирован проверкой безопасности',
    ],
    [{ status: 'error', note: null, scheduledAt: null }, 'Не опубликован'],
  ])('%o', (draft, text) => {
    expect(draftStatusText(draft)).toBe(text);
  });
});

describe('emptyInboxText', () => {
  const syncHint = 'Отзывов и вопросов пока нет. Нажмите «Синхронизировать», чтобы загрузить их с маркетплейса.';
  it.each<[string, Partial<InboxFilters>, (number | undefined)[], string]>([
    ['nothing anywhere, no filter', {}, [0, 0, 0], syncHint],
    ['another label has items', {}, [0, 3, 0], 'Здесь ничего нет'],
    ['counts still loading', {}, [0, undefined, 0], 'Здесь ничего нет'],
    ['a filter leaves nothing', { kind: 'question' }, [0, 0, 0], 'Здесь ничего нет'],
    ['a blank text is no filter', { text: '  ' }, [0, 0, 0], syncHint],
  ])('%s', (_name, filters, counts, text) => {
    expect(emptyInboxText({ ...NO_FILTERS, ...filters }, counts)).toBe(text);
  });
});
