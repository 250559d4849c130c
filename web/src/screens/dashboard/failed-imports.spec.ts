import { describe, expect, it } from 'vitest';

import { failedImports } from './failed-imports';

const ACCOUNT = 'a1';

describe('failed imports of a cabinet among the notifications', () => {
  it.each([
    [[], 0],
    [[{ type: 'import.failed', payload: { mpAccountId: ACCOUNT } }], 1],
    [[{ type: 'import.finished', payload: { mpAccountId: ACCOUNT } }], 0],
    [[{ type: 'import.failed', payload: { mpAccountId: 'another' } }], 0],
    [[{ type: 'import.failed', payload: {} }], 0],
    [
      [
        { type: 'import.failed', payload: { mpAccountId: ACCOUNT } },
        { type: 'sync.failed', payload: { mpAccountId: ACCOUNT } },
        { type: 'import.failed', payload: { mpAccountId: ACCOUNT, jobId: '7' } },
      ],
      2,
    ],
  ])('%j counts %d', (notifications, count) => {
    expect(failedImports(notifications, ACCOUNT)).toBe(count);
  });
});
