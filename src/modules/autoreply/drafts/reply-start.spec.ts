import { describe, expect, it } from 'vitest';

import { INJECTION_NOTE, replyStart } from './reply-start';

const NOW = new Date('2026-05-01T09:00:00Z');
const FIFTEEN_MINUTES = 900_000;

describe('how a prepared reply starts', () => {
  it.each([
    ['manual', [], FIFTEEN_MINUTES, { status: 'draft', note: null, scheduledAt: null }],
    ['auto', [], FIFTEEN_MINUTES, { status: 'pending', note: null, scheduledAt: new Date('2026-05-01T09:15:00Z') }],
    ['auto', [], 0, { status: 'pending', note: null, scheduledAt: null }],
    ['auto', ['ignore-previous'], FIFTEEN_MINUTES, { status: 'draft', note: INJECTION_NOTE, scheduledAt: null }],
    ['auto', ['role-marker', 'model-mention'], 0, { status: 'draft', note: INJECTION_NOTE, scheduledAt: null }],
    ['manual', ['prompt-fragment'], FIFTEEN_MINUTES, { status: 'draft', note: INJECTION_NOTE, scheduledAt: null }],
  ] as const)('%s, injection signs %j, delay %i ms → %j', (mode, injection, delayMs, expected) => {
    expect(replyStart(mode, injection, delayMs, NOW)).toEqual(expected);
  });
});
