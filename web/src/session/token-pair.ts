import type { components } from '../api/schema';

export type TokenPair = components['schemas']['TokenPairDto'];

/** Spec Authentication 4: tokens travel only in bodies; the refresh token survives a reload of the tab, not its closing. */
export const REFRESH_TOKEN_KEY = 'seller-ops.refresh-token';

/** When to renew an access token that lives `expiresIn` seconds: a minute early, or at half its life if it is shorter. */
export function refreshDelayMs(expiresIn: number): number {
  const seconds = expiresIn > 120 ? expiresIn - 60 : expiresIn / 2;
  return Math.max(seconds, 1) * 1000;
}
