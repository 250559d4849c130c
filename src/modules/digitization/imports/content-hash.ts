import { hash } from 'node:crypto';

/** 13 hexadecimal digits: 52 bits, a JS number that is exact, and exact in PostgreSQL's bigint. */
const HASH_HEX_DIGITS = 13;

/**
 * A 52-bit hash of bytes: the first 52 bits of their SHA-1, hashed natively in one call (about four times faster than
 * a hash written in JS, for the hundreds of bytes of an item). An import keeps the hash of each item's text as the
 * marketplace sent it and sends on only items whose hash differs; two different texts of one key share a hash with a
 * chance of about 2^-52.
 */
export function contentHash(bytes: Uint8Array): number {
  return Number.parseInt(hash('sha1', bytes).slice(0, HASH_HEX_DIGITS), 16);
}
