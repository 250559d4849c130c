import createClient from 'openapi-fetch';

import type { paths } from '../api/schema';
import { REFRESH_TOKEN_KEY, refreshDelayMs, TokenPair } from './token-pair';

type Listener = () => void;

/** The bare client for the token routes: they carry no access token and must not go through the 401 retry. */
const tokenRoutes = createClient<paths>({ baseUrl: window.location.origin });

/**
 * The session of this tab: the access token only in memory, the refresh token in sessionStorage. The pair is renewed
 * before the access token expires and, once per failure, when the API answers 401 (the tab slept past the timer).
 */
class SessionStore {
  private accessToken: string | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private pending: Promise<boolean> | null = null;
  private readonly listeners = new Set<Listener>();

  get token(): string | null {
    return this.accessToken;
  }

  get signedIn(): boolean {
    return this.accessToken !== null;
  }

  hasRefreshToken(): boolean {
    return sessionStorage.getItem(REFRESH_TOKEN_KEY) !== null;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(pair: TokenPair): void {
    this.accessToken = pair.accessToken;
    sessionStorage.setItem(REFRESH_TOKEN_KEY, pair.refreshToken);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.refresh(), refreshDelayMs(pair.expiresIn));
    this.notify();
  }

  /** One refresh at a time: concurrent 401s wait for the same new pair. False when the session is over. */
  refresh(): Promise<boolean> {
    this.pending ??= this.renew().finally(() => (this.pending = null));
    return this.pending;
  }

  /** Ends this tab's session on the server (its refresh token) and here. */
  async logout(): Promise<void> {
    const refreshToken = sessionStorage.getItem(REFRESH_TOKEN_KEY);
    if (refreshToken) await tokenRoutes.POST('/auth/logout', { body: { refreshToken } }).catch(() => undefined);
    this.clear();
  }

  clear(): void {
    clearTimeout(this.timer);
    this.accessToken = null;
    sessionStorage.removeItem(REFRESH_TOKEN_KEY);
    this.notify();
  }

  private async renew(): Promise<boolean> {
    const refreshToken = sessionStorage.getItem(REFRESH_TOKEN_KEY);
    if (!refreshToken) return false;
    const { data } = await tokenRoutes.POST('/auth/refresh', { body: { refreshToken } }).catch(() => ({ data: undefined }));
    if (!data) {
      this.clear();
      return false;
    }
    this.start(data);
    return true;
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}

export const session = new SessionStore();
