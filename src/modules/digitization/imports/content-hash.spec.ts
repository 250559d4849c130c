import { createHash } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { contentHash } from './content-hash';

const hashOf = (text: string) => contentHash(Buffer.from(text));

describe('contentHash', () => {
  it('is the same for the same text and a safe integer', () => {
    const text = '{"srid":"1a.2.x","totalPrice":1234.5,"warehouseName":"Коледино"}';
    expect(hashOf(text)).toBe(hashOf(text));
    expect(Number.isSafeInteger(hashOf(text))).toBe(true);
    expect(hashOf(text)).toBeGreaterThanOrEqual(0);
  });

  it('is the first 52 bits of the SHA-1 of the bytes', () => {
    expect(hashOf('')).toBe(0xda39a3ee5e6b4);
    expect(hashOf('Коледино')).toBe(Number.parseInt(createHash('sha1').update('Коледино').digest('hex').slice(0, 13), 16));
  });

  it.each([
    ['{"totalPrice":1234.5}', '{"totalPrice":1234.6}'],
    ['{"a":1,"b":2}', '{"b":2,"a":1}'],
    ['', ' '],
    ['{"srid":"x"}', '{"srid":"x"} '],
  ])('tells %j from %j', (a, b) => {
    expect(hashOf(a)).not.toBe(hashOf(b));
  });

  it('spreads 100 000 texts that differ in one digit over as many hashes', () => {
    const hashes = new Set(Array.from({ length: 100_000 }, (_, n) => hashOf(`{"srid":"seller.${n}","totalPrice":${n % 997}.5}`)));
    expect(hashes.size).toBe(100_000);
  });
});
