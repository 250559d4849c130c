import { describe, expect, it } from 'vitest';

import { VerifiedTokens } from './verified-tokens';

const user = { id: 'u1', role: 'seller' } as const;

describe('VerifiedTokens', () => {
  it('answers a remembered token until the second of its exp, as jsonwebtoken does', () => {
    const tokens = new VerifiedTokens();
    tokens.remember('t', user, 1000);
    expect(tokens.get('t', 999_999)).toEqual(user);
    expect(tokens.get('t', 1_000_000)).toBeUndefined();
    expect(tokens.get('t', 999_999)).toBeUndefined();
  });

  it('never remembers a token without exp, and forgets all past its bound', () => {
    const tokens = new VerifiedTokens();
    tokens.remember('no-exp', user, undefined);
    expect(tokens.get('no-exp', 0)).toBeUndefined();
    for (let i = 0; i < 10_000; i += 1) tokens.remember(`t${i}`, user, 10);
    expect(tokens.get('t0', 0)).toEqual(user);
    tokens.remember('one-more', user, 10);
    expect(tokens.get('t0', 0)).toBeUndefined();
    expect(tokens.get('one-more', 0)).toEqual(user);
  });
});
