import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** A secret sealed with AES-256-GCM: which key of the ring, the nonce, the ciphertext and the tag. */
export interface SealedSecret {
  keyId: string;
  nonce: Buffer;
  ciphertext: Buffer;
  tag: Buffer;
}

/** A sealed secret that cannot be opened: unknown key id, or ciphertext, tag or bound data that do not match. */
export class SealedSecretError extends Error {
  constructor(reason: string) {
    super(`Sealed secret cannot be opened: ${reason}`);
    this.name = 'SealedSecretError';
  }
}

const ALGORITHM = 'aes-256-gcm';
/** 96-bit nonce, random per encryption. */
const NONCE_BYTES = 12;
/** The full 128-bit tag: GCM also verifies a truncated tag, which an attacker can forge far more easily. */
const TAG_BYTES = 16;

/**
 * Spec: Authentication 8. Several 32-byte keys by id (ENCRYPTION_KEYS); new secrets are sealed under the active
 * one (ENCRYPTION_ACTIVE_KEY_ID), old ones open with their own key id. The additional data (the owning record's id)
 * binds a ciphertext to its record: copied to another record it does not open.
 */
export class KeyRing {
  constructor(
    private readonly keys: ReadonlyMap<string, Buffer>,
    readonly activeKeyId: string,
  ) {
    if (!keys.has(activeKeyId)) throw new Error(`Active key id "${activeKeyId}" is not in the key ring`);
  }

  seal(plaintext: string, boundTo: string): SealedSecret {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.keys.get(this.activeKeyId)!, nonce);
    cipher.setAAD(Buffer.from(boundTo, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return { keyId: this.activeKeyId, nonce, ciphertext, tag: cipher.getAuthTag() };
  }

  open(sealed: SealedSecret, boundTo: string): string {
    const key = this.keys.get(sealed.keyId);
    if (!key) throw new SealedSecretError(`key id "${sealed.keyId}" is not in ENCRYPTION_KEYS`);
    if (sealed.tag.length !== TAG_BYTES) throw new SealedSecretError(`the tag has ${sealed.tag.length} bytes, not ${TAG_BYTES}`);
    const decipher = createDecipheriv(ALGORITHM, key, sealed.nonce, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(boundTo, 'utf8'));
    decipher.setAuthTag(sealed.tag);
    try {
      return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]).toString('utf8');
    } catch {
      throw new SealedSecretError('authentication failed (wrong key, or bound to another record)');
    }
  }

  /** Sealed under a key other than the active one: due for rotation. */
  isStale(sealed: Pick<SealedSecret, 'keyId'>): boolean {
    return sealed.keyId !== this.activeKeyId;
  }
}
