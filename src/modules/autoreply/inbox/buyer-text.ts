import type { InboxItemRecord } from './inbox.repository';

/** The buyer's words: the text with the pros and cons a feedback may carry. */
export function buyerText(item: Pick<InboxItemRecord, 'text' | 'pros' | 'cons'>): string {
  return [item.text, item.pros && `Достоинства: ${item.pros}`, item.cons && `Недостатки: ${item.cons}`].filter(Boolean).join('\n');
}
