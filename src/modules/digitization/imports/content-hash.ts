/**
 * A 53-bit hash of bytes (cyrb53: two 32-bit multiply-xor lanes mixed at the end), a JS number that is exact in
 * PostgreSQL's bigint. An import keeps the hash of each item's text as the marketplace sent it and sends on only items
 * whose hash differs; two different texts of one key share a hash with a chance of about 2^-53.
 */
export function contentHash(bytes: Uint8Array): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let at = 0; at < bytes.length; at += 1) {
    const byte = bytes[at];
    h1 = Math.imul(h1 ^ byte, 2654435761);
    h2 = Math.imul(h2 ^ byte, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
