import { describe, expect, it } from 'vitest';

import { inboxRefetchMs } from './inbox-poll';
import type { InboxDraft, InboxItem } from './inbox-queries';
import { POLL_MS } from './poll';

const NOW = Date.parse('2026-05-01T09:00:00Z');

function item(draft: Partial<InboxDraft> | null): InboxItem {
  return { draft: draft && { status: 'draft', scheduledAt: null, ...draft } } as InboxItem;
}

describe('inboxRefetchMs', () => {
  it.each<[string, InboxItem[], number | false]>([
    ['no reply queued', [item(null), item({ status: 'draft' }), item({ status: 'sent' })], false],
    ['a reply being published', [item({ status: 'pending' })], POLL_MS],
    ['a reply held for 10 minutes', [item({ status: 'pending', scheduledAt: '2026-05-01T09:10:00Z' })], 600_000],
    [
      'the held reply due first',
      [item({ status: 'pending', scheduledAt: '2026-05-01T09:10:00Z' }), item({ status: 'pending', scheduledAt: '2026-05-01T09:02:00Z' })],
      120_000,
    ],
    ['a held reply past its time, not yet taken', [item({ status: 'pending', scheduledAt: '2026-05-01T08:59:00Z' })], POLL_MS],
    [
      'one held, one being published',
      [item({ status: 'pending', scheduledAt: '2026-05-01T09:10:00Z' }), item({ status: 'pending' })],
      POLL_MS,
    ],
  ])('%s', (_name, items, expected) => {
    expect(inboxRefetchMs(items, NOW)).toBe(expected);
  });
});
