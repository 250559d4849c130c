import type { Limit } from './limits';

export interface TakeResult {
  allowed: boolean;
  /** Whole requests that can be sent right now (X-Ratelimit-Remaining). */
  remaining: number;
  /** Seconds until one request is allowed again (X-Ratelimit-Retry). */
  retrySec: number;
  /** Seconds until the burst is full again (X-Ratelimit-Reset). */
  resetSec: number;
}

/** Token buckets per key: capacity = burst, refilled at limit per period (reference 0.4). */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; atMs: number }>();

  take(key: string, limit: Limit, nowMs = Date.now()): TakeResult {
    const refillPerMs = limit.limit / limit.periodMs;
    const bucket = this.buckets.get(key) ?? { tokens: limit.burst, atMs: nowMs };
    bucket.tokens = Math.min(limit.burst, bucket.tokens + (nowMs - bucket.atMs) * refillPerMs);
    bucket.atMs = nowMs;
    this.buckets.set(key, bucket);
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    return {
      allowed,
      remaining: Math.floor(bucket.tokens),
      retrySec: allowed ? 0 : Math.max(1, Math.ceil((1 - bucket.tokens) / refillPerMs / 1000)),
      resetSec: Math.ceil((limit.burst - bucket.tokens) / refillPerMs / 1000),
    };
  }

  /** Takes `tokens` more from a bucket that exists (an answer that counts as more than one request). */
  charge(key: string, tokens: number): void {
    const bucket = this.buckets.get(key);
    if (bucket) bucket.tokens -= tokens;
  }

  clear(): void {
    this.buckets.clear();
  }
}
