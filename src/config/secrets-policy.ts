import type { AppConfig } from './app-config';
import { DEVELOPMENT_PLACEHOLDERS } from './env-definitions';
import { ConfigError } from './env-parsers';

const MIN_SECRET_LENGTH = 32;
/** Shannon entropy per character below which a secret is a pattern, not a random string. */
const MIN_BITS_PER_CHAR = 3;
/** 32 random bytes almost always hold 28+ distinct values; a key with fewer than 16 is a pattern. */
const MIN_DISTINCT_KEY_BYTES = 16;

function bitsPerSymbol(symbols: ArrayLike<number | string>): number {
  const counts = new Map<number | string, number>();
  for (let i = 0; i < symbols.length; i += 1) counts.set(symbols[i], (counts.get(symbols[i]) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / symbols.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

function assertStrongSecret(name: 'JWT_ACCESS_SECRET' | 'JWT_REFRESH_SECRET', value: string): void {
  if (value === DEVELOPMENT_PLACEHOLDERS[name])
    throw new ConfigError(name, 'equals the development placeholder committed in the repository; set a random secret');
  if (value.length < MIN_SECRET_LENGTH)
    throw new ConfigError(name, `is weak: at least ${MIN_SECRET_LENGTH} characters are required in production`);
  if (bitsPerSymbol(value) < MIN_BITS_PER_CHAR)
    throw new ConfigError(name, 'is weak: too little entropy (use a random string, for example openssl rand -base64 48)');
}

/** Spec: Authentication 10. Production refuses committed placeholders, weak secrets and equal JWT secrets. */
export function assertProductionSecrets(config: AppConfig): void {
  assertStrongSecret('JWT_ACCESS_SECRET', config.auth.accessSecret);
  assertStrongSecret('JWT_REFRESH_SECRET', config.auth.refreshSecret);
  if (config.auth.accessSecret === config.auth.refreshSecret)
    throw new ConfigError('JWT_REFRESH_SECRET', 'must differ from JWT_ACCESS_SECRET');

  const placeholderKeys = new Set(DEVELOPMENT_PLACEHOLDERS.ENCRYPTION_KEYS.split(',').map((entry) => entry.slice(entry.indexOf(':') + 1)));
  for (const [id, key] of config.encryption.keys) {
    if (placeholderKeys.has(key.toString('base64')))
      throw new ConfigError('ENCRYPTION_KEYS', `key "${id}" equals the development placeholder committed in the repository`);
    if (new Set(key).size < MIN_DISTINCT_KEY_BYTES)
      throw new ConfigError('ENCRYPTION_KEYS', `key "${id}" is weak: use 32 random bytes (openssl rand -base64 32)`);
  }
}
