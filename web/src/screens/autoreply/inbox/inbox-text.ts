import { dateTime } from '@shared/format';

import type { InboxDraft, InboxItem, InboxLabel } from '../../../api/inbox-queries';

/** Spec, States: Reply draft, inbox labels. */
export const LABEL_TABS: { value: InboxLabel; label: string }[] = [
  { value: 'waiting', label: 'Ждут ответа' },
  { value: 'answered', label: 'Отвечены' },
  { value: 'skipped', label: 'Пропущены' },
];

export const KIND_OPTIONS = [
  { value: 'feedback', label: 'Отзывы' },
  { value: 'question', label: 'Вопросы' },
];

export const RATING_OPTIONS = ['5', '4', '3', '2', '1'].map((value) => ({ value, label: `${value} ★` }));

export interface InboxFilters {
  kind: string | null;
  rating: string | null;
  nmId: string;
  text: string;
}

export const NO_FILTERS: InboxFilters = { kind: null, rating: null, nmId: '', text: '' };

/** The filters as the inbox route's query: one rating is a range of one star; a product is its nmID, digits only. */
export function inboxFilterQuery(filters: InboxFilters) {
  const nmId = /^\d+$/.test(filters.nmId.trim()) ? Number(filters.nmId.trim()) : undefined;
  const rating = filters.rating ? Number(filters.rating) : undefined;
  const q = filters.text.trim();
  return {
    ...(filters.kind && { kind: filters.kind as InboxItem['kind'] }),
    ...(rating && { ratingMin: rating, ratingMax: rating }),
    ...(nmId && { nmId }),
    ...(q && { q }),
  };
}

/**
 * What an empty list says: an inbox with nothing in any label and no filter has never been synced (or the cabinet has no
 * buyers' items yet), so it says how to load them; otherwise the filters or the label leave nothing to show.
 */
export function emptyInboxText(filters: InboxFilters, labelCounts: readonly (number | undefined)[]): string {
  const unfiltered = Object.keys(inboxFilterQuery(filters)).length === 0;
  if (unfiltered && labelCounts.every((count) => count === 0))
    return 'Отзывов и вопросов пока нет. Нажмите «Синхронизировать», чтобы загрузить их с маркетплейса.';
  return 'Здесь ничего нет';
}

const STATUS_TEXT: Record<InboxDraft['status'], string> = {
  draft: 'Черновик: ещё не отправлен',
  pending: 'В очереди на публикацию',
  sent: 'Опубликован',
  error: 'Не опубликован',
};

/** A pending reply an auto scenario holds, cancellable until its time of publication. */
export const isHeld = (draft: Pick<InboxDraft, 'status' | 'scheduledAt'>) => draft.status === 'pending' && draft.scheduledAt !== null;

/**
 * The draft's state as a seller reads it: a held one with when it will be published; one the service left a note on
 * (unpublished, or left to the seller) with the note.
 */
export function draftStatusText(draft: Pick<InboxDraft, 'status' | 'note' | 'scheduledAt'>): string {
  if (isHeld(draft)) return `Будет опубликован автоматически ${dateTime(draft.scheduledAt!)}`;
  const status = STATUS_TEXT[draft.status];
  return draft.note ? `${status}: ${draft.note}` : status;
}

const SOURCE_TEXTS: Record<InboxDraft['source'], string> = { ai: 'переписан ИИ', template: 'шаблон', manual: 'исправлен вручную' };

export const sourceText = (source: InboxDraft['source']) => SOURCE_TEXTS[source];
