import { describe, expect, it } from 'vitest';

import { refreshDelayMs } from './token-pair';

describe('refreshDelayMs', () => {
  it('renews a minute before a usual access token expires', () => {
    expect(refreshDelayMs(900)).toBe(840_000);
  });

  it('renews a short-lived token at half its life, never sooner than a second', () => {
    expect(refreshDelayMs(60)).toBe(30_000);
    expect(refreshDelayMs(4)).toBe(2_000);
    expect(refreshDelayMs(1)).toBe(1_000);
  });
});
