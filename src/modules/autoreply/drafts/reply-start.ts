import type { ReplyMode } from '../../../database/schema';
import type { InjectionSign } from '../../../shared/autoreply/check/reply-check';
import type { PreparedDraft } from './reply-drafts.repository';

/** Shown with a draft whose buyer's text tries to instruct a model: no AI rewrote it and it waits for the seller. */
export const INJECTION_NOTE =
  'Не отправлен автоматически и без ИИ: в тексте покупателя признаки инструкций для ИИ. Прочитайте его и отправьте ответ сами';

/**
 * Spec: States, Reply draft. How a prepared reply starts: an auto scenario queues it, held for the publish delay
 * (none when it is 0); a manual one leaves a draft; injection signs in the buyer's text leave a draft with a note,
 * whatever the mode.
 */
export function replyStart(
  mode: ReplyMode,
  injection: readonly InjectionSign[],
  publishDelayMs: number,
  now: Date,
): Pick<PreparedDraft, 'status' | 'note' | 'scheduledAt'> {
  if (injection.length > 0) return { status: 'draft', note: INJECTION_NOTE, scheduledAt: null };
  if (mode === 'manual') return { status: 'draft', note: null, scheduledAt: null };
  return { status: 'pending', note: null, scheduledAt: publishDelayMs > 0 ? new Date(now.getTime() + publishDelayMs) : null };
}
