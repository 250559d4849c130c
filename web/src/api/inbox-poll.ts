import type { InboxItem } from './inbox-queries';
import { POLL_MS } from './poll';

/**
 * When to read the page again: every second while one of its replies is being published (pending → sent or error);
 * a reply held before its automatic publication only when its time comes; never while none is queued.
 */
export function inboxRefetchMs(items: InboxItem[], now = Date.now()): number | false {
  const waits = items
    .map((item) => item.draft)
    .filter((draft) => draft?.status === 'pending')
    .map((draft) => (draft!.scheduledAt ? Date.parse(draft!.scheduledAt) - now : 0));
  return waits.length === 0 ? false : Math.max(POLL_MS, Math.min(...waits));
}
