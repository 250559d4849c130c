import { randomBytes, randomUUID } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { KeyRing, SealedSecretError } from './key-ring';

const k1 = randomBytes(32);
const k2 = randomBytes(32);
const SECRET = 'eyJhbGciOiJFUzI1NiJ9.marketplace-key.signature-tail';

function ring(activeKeyId: string, keys: Record<string, Buffer> = { k1, k2 }): KeyRing {
  return new KeyRing(new Map(Object.entries(keys)), activeKeyId);
}

describe('KeyRing', () => {
  it('opens what it sealed, under the active key id', () => {
    const id = randomUUID();
    const sealed = ring('k1').seal(SECRET, id);
    expect(sealed.keyId).toBe('k1');
    expect(sealed.nonce).toHaveLength(12);
    expect(sealed.tag).toHaveLength(16);
    expect(sealed.ciphertext.toString('utf8')).not.toContain(SECRET.slice(0, 8));
    expect(ring('k1').open(sealed, id)).toBe(SECRET);
  });

  it('opens a record sealed under k1 with a ring where k2 is active, and marks it stale', () => {
    const id = randomUUID();
    const sealed = ring('k1').seal(SECRET, id);
    const rotated = ring('k2');
    expect(rotated.open(sealed, id)).toBe(SECRET);
    expect(rotated.isStale(sealed)).toBe(true);
    expect(rotated.isStale(rotated.seal(SECRET, id))).toBe(false);
  });

  it.each([0, 1, 4, 8, 12, 15, 17])('refuses a tag of %i bytes, even a prefix of the right one', (length) => {
    const id = randomUUID();
    const sealed = ring('k1').seal(SECRET, id);
    const tag = length <= 16 ? sealed.tag.subarray(0, length) : Buffer.concat([sealed.tag, Buffer.alloc(length - 16)]);
    expect(() => ring('k1').open({ ...sealed, tag }, id)).toThrow(SealedSecretError);
  });

  it('refuses a key id that is not in the ring', () => {
    const id = randomUUID();
    const sealed = ring('k1').seal(SECRET, id);
    expect(() => ring('k2', { k2 }).open(sealed, id)).toThrow(SealedSecretError);
    expect(() => ring('k2', { k2 }).open(sealed, id)).toThrow(/key id "k1" is not in ENCRYPTION_KEYS/);
  });

  it('refuses a ciphertext bound to another record', () => {
    const sealed = ring('k1').seal(SECRET, randomUUID());
    expect(() => ring('k1').open(sealed, randomUUID())).toThrow(SealedSecretError);
  });

  it('refuses a changed ciphertext, tag or key under the same id', () => {
    const id = randomUUID();
    const sealed = ring('k1').seal(SECRET, id);
    const flipped = Buffer.from(sealed.ciphertext);
    flipped[0] ^= 1;
    expect(() => ring('k1').open({ ...sealed, ciphertext: flipped }, id)).toThrow(SealedSecretError);
    expect(() => ring('k1').open({ ...sealed, tag: randomBytes(16) }, id)).toThrow(SealedSecretError);
    expect(() => ring('k1', { k1: randomBytes(32) }).open(sealed, id)).toThrow(SealedSecretError);
  });

  it('uses a random nonce: two seals of the same secret differ', () => {
    const id = randomUUID();
    const [a, b] = [ring('k1').seal(SECRET, id), ring('k1').seal(SECRET, id)];
    expect(a.nonce.equals(b.nonce)).toBe(false);
    expect(a.ciphertext.equals(b.ciphertext)).toBe(false);
  });

  it('does not start with an active key id missing from the ring', () => {
    expect(() => ring('k3')).toThrow(/"k3" is not in the key ring/);
  });

  it('never puts the secret in its error messages', () => {
    const sealed = ring('k1').seal(SECRET, randomUUID());
    try {
      ring('k1').open(sealed, randomUUID());
    } catch (error) {
      expect((error as Error).message).not.toContain(SECRET);
    }
    expect.assertions(1);
  });
});
