import { describe, expect, it } from 'vitest';

import { canonicalJson, cardHash } from './content-card-hash';

describe('cardHash', () => {
  it('is the same whatever the order of keys, and differs when a value does', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 'x', c: null }] })).toBe('{"a":[{"c":null,"d":"x"}],"b":1}');
    expect(cardHash({ a: 1, b: 'т' })).toBe(cardHash({ b: 'т', a: 1 }));
    expect(cardHash({ a: 1, b: 'т' })).not.toBe(cardHash({ a: 1, b: 'т ' }));
  });
});
