import type Redis from 'ioredis';

import { RateRule, tokensPerMs } from './rate-rules';

/**
 * Token bucket state in one Redis hash per bucket: tokens and the time they were counted (ms), the capacity
 * narrowed by headers and until when the narrowing holds (capUntil), notBefore (no token to anyone before it), and
 * the last rate headers seen.
 * Every change is one Lua script, so replicas and workers share a bucket exactly.
 */
const TAKE_SCRIPT = `
local key, now, capacity, perMs, ttl, maxWait = KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[6])
redis.call('SADD', KEYS[2], ARGV[5])
redis.call('PEXPIRE', KEYS[2], ttl)
local state = redis.call('HMGET', key, 'tokens', 'at', 'cap', 'notBefore', 'capUntil')
local cap = capacity
if (tonumber(state[5]) or 0) > now then cap = math.min(capacity, tonumber(state[3]) or capacity) end
local tokens = tonumber(state[1]) or cap
local at = tonumber(state[2]) or now
local notBefore = tonumber(state[4]) or 0
-- Tokens are counted up to now, or while the bucket is closed up to its reopening (never above the capacity);
-- 'at' may then lie ahead.
local from = math.max(now, notBefore)
if from > at then tokens = math.min(cap, tokens + (from - at) * perMs); at = from end
-- A token is reserved in turn: below zero the bucket holds a queue of reservations, each due one refill after the
-- one before, so that callers queued while the bucket was closed leave one by one after it reopens, not together.
local wait = at - now
local after = tokens - 1
if after < 0 then wait = wait + math.ceil(-after / perMs) end
local reserved = 0
if wait <= maxWait then
  tokens = after
  reserved = 1
end
redis.call('HSET', key, 'tokens', tostring(tokens), 'at', tostring(at))
redis.call('PEXPIRE', key, ttl)
return {reserved, wait}
`;

/** A 429 closes the bucket to everyone until notBefore and empties it (reservations already made stay in the queue). */
const PENALISE_SCRIPT = `
local key, now, notBefore, ttl = KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local current = tonumber(redis.call('HGET', key, 'notBefore')) or 0
local tokens = math.min(0, tonumber(redis.call('HGET', key, 'tokens')) or 0)
redis.call('HSET', key, 'tokens', tostring(tokens), 'at', tostring(now), 'notBefore', tostring(math.max(current, notBefore)))
redis.call('PEXPIRE', key, ttl)
return 1
`;

/**
 * Takes n more tokens at once, without waiting: what an answer costs beyond its own token (a 4xx of the seller-warehouse
 * calls counts as 10 requests, reference 10.3). Below zero the next callers queue behind it as behind reservations.
 */
const CHARGE_SCRIPT = `
local key, now, capacity, perMs, ttl, n = KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local state = redis.call('HMGET', key, 'tokens', 'at', 'cap', 'notBefore', 'capUntil')
local cap = capacity
if (tonumber(state[5]) or 0) > now then cap = math.min(capacity, tonumber(state[3]) or capacity) end
local tokens = tonumber(state[1]) or cap
local at = tonumber(state[2]) or now
local from = math.max(now, tonumber(state[4]) or 0)
if from > at then tokens = math.min(cap, tokens + (from - at) * perMs); at = from end
redis.call('HSET', key, 'tokens', tostring(tokens - n), 'at', tostring(at))
redis.call('PEXPIRE', key, ttl)
return 1
`;

/**
 * Rate headers only narrow, and for one window at most: Remaining lowers the tokens; Limit lowers the capacity until
 * the window ends (then the rule's burst holds again); Remaining 0 closes the bucket until the reset. Without a reset
 * header, Remaining 0 closes it until the window ends only when it is news: when this bucket still counted a token at
 * that moment (the account's real limit is tighter than the rule: a base token, another program on the same token).
 * When the bucket's own count is spent too (a burst used up, every call of a method without a burst), the
 * marketplace agrees with it: the bucket stays empty and refills at the rule's pace (reference 0.4: the marketplace's
 * bucket refills over time), instead of stalling every such call for a window. ARGV: now, remaining (-1 absent), limit
 * (-1 absent), resetAt (0 absent), headers JSON, ttl, window, the rule's capacity, tokens per ms.
 */
const NARROW_SCRIPT = `
local key, now, remaining, limit, resetAt, headers, ttl, window, capacity, perMs = KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), ARGV[5], tonumber(ARGV[6]), tonumber(ARGV[7]), tonumber(ARGV[8]), tonumber(ARGV[9])
local counted = redis.call('HMGET', key, 'tokens', 'at')
local spent = false
if counted[1] then
  local tokens, at = tonumber(counted[1]), tonumber(counted[2]) or now
  if now > at then tokens = math.min(capacity, tokens + (now - at) * perMs) end
  spent = tokens < 1
end
if remaining >= 0 then
  local tokens = tonumber(redis.call('HGET', key, 'tokens'))
  if tokens == nil or tokens > remaining then redis.call('HSET', key, 'tokens', tostring(remaining), 'at', tostring(now)) end
end
if limit > 0 then
  local narrowed = redis.call('HMGET', key, 'cap', 'capUntil')
  local cap = limit
  if (tonumber(narrowed[2]) or 0) > now then cap = math.min(limit, tonumber(narrowed[1]) or limit) end
  redis.call('HSET', key, 'cap', tostring(cap), 'capUntil', tostring(now + window))
end
if remaining == 0 and (resetAt > 0 or not spent) then
  local closedUntil = resetAt
  if closedUntil <= 0 then closedUntil = now + window end
  local current = tonumber(redis.call('HGET', key, 'notBefore')) or 0
  if closedUntil > current then redis.call('HSET', key, 'notBefore', tostring(closedUntil)) end
end
redis.call('HSET', key, 'headers', headers, 'headersAt', tostring(now))
redis.call('PEXPIRE', key, ttl)
return 1
`;

/** Bucket state is dropped a day after its last use; a fresh bucket is full anyway. */
const BUCKET_TTL_MS = 24 * 60 * 60 * 1000;

/** The rate headers of one marketplace answer, as numbers; absent ones are undefined. */
export interface RateHeaders {
  remaining?: number;
  limit?: number;
  resetSec?: number;
  retrySec?: number;
}

export interface BucketState {
  capacity: number;
  tokens: number;
  refillPerSecond: number;
  penaltyUntil: string | null;
  lastHeaders: (RateHeaders & { at: string }) | null;
}

/** A bucket: per account (null: global), scope and canonical path. */
export interface BucketId {
  accountId: string | null;
  scope: string;
  path: string;
}

type BucketCommands = Redis & {
  mpBucketTake(
    key: string,
    registry: string,
    now: number,
    capacity: number,
    perMs: number,
    ttl: number,
    member: string,
    maxWait: number,
  ): Promise<[number, number]>;
  mpBucketPenalise(key: string, now: number, notBefore: number, ttl: number): Promise<number>;
  mpBucketCharge(key: string, now: number, capacity: number, perMs: number, ttl: number, tokens: number): Promise<number>;
  mpBucketNarrow(
    key: string,
    now: number,
    remaining: number,
    limit: number,
    resetAt: number,
    headers: string,
    ttl: number,
    windowMs: number,
    capacity: number,
    perMs: number,
  ): Promise<number>;
};

/** Outbound token buckets shared by every process through Redis. */
export class RateBuckets {
  private readonly redis: BucketCommands;

  /** keyPrefix: REDIS_PREFIX and a name, e.g. `soa:mp`. */
  constructor(
    redis: Redis,
    private readonly keyPrefix: string,
  ) {
    if (!('mpBucketTake' in redis)) {
      redis.defineCommand('mpBucketTake', { numberOfKeys: 2, lua: TAKE_SCRIPT });
      redis.defineCommand('mpBucketPenalise', { numberOfKeys: 1, lua: PENALISE_SCRIPT });
      redis.defineCommand('mpBucketNarrow', { numberOfKeys: 1, lua: NARROW_SCRIPT });
      redis.defineCommand('mpBucketCharge', { numberOfKeys: 1, lua: CHARGE_SCRIPT });
    }
    this.redis = redis as BucketCommands;
  }

  /**
   * Reserves the next token when it is due within maxWaitMs: the caller then waits waitMs and sends. Otherwise
   * nothing is reserved and waitMs says how long the wait would have been. Reservations are served in turn.
   */
  async take(bucket: BucketId, rule: RateRule, maxWaitMs: number, nowMs = Date.now()): Promise<{ reserved: boolean; waitMs: number }> {
    const [reserved, waitMs] = await this.redis.mpBucketTake(
      this.key(bucket),
      this.registry(bucket.accountId),
      nowMs,
      rule.capacity,
      tokensPerMs(rule),
      BUCKET_TTL_MS,
      JSON.stringify([bucket.scope, bucket.path]),
      Math.max(0, Math.floor(maxWaitMs)),
    );
    return { reserved: reserved === 1, waitMs };
  }

  /** Until when a 429 closed the bucket (ms), or 0. */
  async closedUntil(bucket: BucketId): Promise<number> {
    return Number((await this.redis.hget(this.key(bucket), 'notBefore')) ?? 0);
  }

  /** Takes `tokens` more from the bucket now, without waiting (a costly answer already received). */
  async charge(bucket: BucketId, rule: RateRule, tokens: number, nowMs = Date.now()): Promise<void> {
    await this.redis.mpBucketCharge(this.key(bucket), nowMs, rule.capacity, tokensPerMs(rule), BUCKET_TTL_MS, tokens);
  }

  async penalise(bucket: BucketId, notBeforeMs: number, nowMs = Date.now()): Promise<void> {
    await this.redis.mpBucketPenalise(this.key(bucket), nowMs, notBeforeMs, BUCKET_TTL_MS);
  }

  async narrow(bucket: BucketId, rule: RateRule, headers: RateHeaders, nowMs = Date.now()): Promise<void> {
    const resetAt = headers.resetSec === undefined ? 0 : nowMs + headers.resetSec * 1000;
    await this.redis.mpBucketNarrow(
      this.key(bucket),
      nowMs,
      headers.remaining ?? -1,
      headers.limit ?? -1,
      resetAt,
      JSON.stringify(headers),
      BUCKET_TTL_MS,
      rule.windowMs,
      rule.capacity,
      tokensPerMs(rule),
    );
  }

  /** The buckets an account has used (scope and canonical path), from the last day. */
  async used(accountId: string | null): Promise<{ scope: string; path: string }[]> {
    const members = await this.redis.smembers(this.registry(accountId));
    return members
      .map((member) => JSON.parse(member) as [string, string])
      .map(([scope, path]) => ({ scope, path }))
      .sort((a, b) => a.scope.localeCompare(b.scope) || a.path.localeCompare(b.path));
  }

  /** The bucket as it stands, refilled to now in memory only: reading takes no token and changes nothing. */
  async inspect(bucket: BucketId, rule: RateRule, nowMs = Date.now()): Promise<BucketState> {
    const key = this.key(bucket);
    const [tokensRaw, atRaw, capRaw, capUntilRaw, notBeforeRaw, headersRaw, headersAtRaw] = await this.redis.hmget(
      key,
      'tokens',
      'at',
      'cap',
      'capUntil',
      'notBefore',
      'headers',
      'headersAt',
    );
    const narrowed = capRaw !== null && Number(capUntilRaw ?? 0) > nowMs;
    const capacity = narrowed ? Math.min(rule.capacity, Number(capRaw)) : rule.capacity;
    const perMs = tokensPerMs(rule);
    const at = atRaw === null ? nowMs : Number(atRaw);
    const tokens = tokensRaw === null ? capacity : Math.min(capacity, Number(tokensRaw) + Math.max(0, nowMs - at) * perMs);
    const notBefore = notBeforeRaw === null ? 0 : Number(notBeforeRaw);
    return {
      capacity,
      tokens: nowMs < notBefore ? 0 : Math.max(0, Math.floor(tokens * 1000) / 1000),
      refillPerSecond: perMs * 1000,
      penaltyUntil: notBefore > nowMs ? new Date(notBefore).toISOString() : null,
      lastHeaders:
        headersRaw === null ? null : { ...(JSON.parse(headersRaw) as RateHeaders), at: new Date(Number(headersAtRaw)).toISOString() },
    };
  }

  private key(bucket: BucketId): string {
    return `${this.keyPrefix}:bucket:${bucket.accountId ?? 'global'}:${bucket.scope}:${bucket.path}`;
  }

  private registry(accountId: string | null): string {
    return `${this.keyPrefix}:buckets:${accountId ?? 'global'}`;
  }
}
