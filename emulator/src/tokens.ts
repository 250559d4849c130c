import { randomBytes, randomUUID } from 'node:crypto';

import { Category, categoryMask, TOKEN_TYPE_ACC, TokenType } from './scopes';

export interface TokenInfo {
  token: string;
  sellerId: string;
  type: TokenType;
  categories: Category[];
  readOnly: boolean;
}

const TOKEN_LIFETIME_SEC = 180 * 24 * 3600;
const READ_ONLY_BIT = 30;

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/**
 * A token shaped like the marketplace's (reference 0.2): a JWT whose payload carries id, s (category mask),
 * sid (seller), exp, acc (type) and for/t markers. The emulator looks tokens up by value; the signature is random.
 */
export function makeToken(sellerId: string, type: TokenType, categories: Category[], readOnly = false): TokenInfo {
  const payload: Record<string, unknown> = {
    id: randomUUID(),
    s: categoryMask(categories) | (readOnly ? 1 << READ_ONLY_BIT : 0),
    sid: sellerId,
    exp: Math.floor(Date.now() / 1000) + TOKEN_LIFETIME_SEC,
    acc: TOKEN_TYPE_ACC[type],
  };
  if (type === 'personal') payload.for = 'self';
  if (type === 'service') payload.for = `asid:${randomUUID()}`;
  if (type === 'test') payload.t = true;
  const token = `${base64url({ alg: 'ES256', kid: 'emulator', typ: 'JWT' })}.${base64url(payload)}.${randomBytes(48).toString('base64url')}`;
  return { token, sellerId, type, categories, readOnly };
}

/** The raw token from the Authorization header; a Bearer prefix is accepted too (reference 8: unconfirmed). */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const value = header.startsWith('Bearer ') ? header.slice(7) : header;
  return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(value) ? value : null;
}
