import type { AuthenticatedUser } from './authenticated-user';

/** Bounds the memory of the cache; past it the cache starts over. */
const MAX_TOKENS = 10_000;

/**
 * Access tokens already verified by this process, until their exp: a second verification of the same string can only
 * give the same user and role (whether that role is still the user's is checked on every request, apart from this).
 * Saves the HMAC and two JSON parses of every request after a client's first.
 */
export class VerifiedTokens {
  private readonly users = new Map<string, { user: AuthenticatedUser; exp: number }>();

  /** The token's user while the token is unexpired, as jsonwebtoken counts it (whole seconds, expired at exp). */
  get(token: string, nowMs = Date.now()): AuthenticatedUser | undefined {
    const entry = this.users.get(token);
    if (!entry) return undefined;
    if (Math.floor(nowMs / 1000) < entry.exp) return entry.user;
    this.users.delete(token);
    return undefined;
  }

  remember(token: string, user: AuthenticatedUser, exp: number | undefined): void {
    if (typeof exp !== 'number') return;
    if (this.users.size >= MAX_TOKENS) this.users.clear();
    this.users.set(token, { user, exp });
  }
}
