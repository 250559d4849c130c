import { randomBytes } from 'node:crypto';

/** A production environment whose secrets pass the start-up checks. */
export function strongProductionEnv(): Record<string, string> {
  return {
    NODE_ENV: 'production',
    JWT_ACCESS_SECRET: randomBytes(48).toString('base64'),
    JWT_REFRESH_SECRET: randomBytes(48).toString('base64'),
    ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64')}`,
    ENCRYPTION_ACTIVE_KEY_ID: 'k1',
  };
}
