import { createHash, randomBytes } from 'node:crypto';

/** 128 random bits: the public address of an image cannot be guessed or enumerated. */
const TOKEN_BYTES = 16;
/** base64url of 16 bytes, without padding. */
export const IMAGE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function newImageToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** The strong ETag of the bytes: their SHA-256, base64url. */
export function contentHash(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('base64url');
}
