import type Redis from 'ioredis';

/** Spec: Job level. One marketplace-heavy job per account: a lease of 90 s kept alive every 30 s. */
export const LEASE_TTL_MS = 90_000;
export const LEASE_HEARTBEAT_MS = 30_000;

export type LeaseTrigger = 'user' | 'scheduled';

/**
 * Takes the lease when it is free (expired counts as free) or already this holder's. A user job that finds it taken leaves a claim, so
 * that scheduled jobs keep off until the user job has had its turn; a scheduled job never takes a claimed lease.
 * KEYS: lease, claim. ARGV: holder, trigger, ttl.
 */
const ACQUIRE_SCRIPT = `
local lease, claim, holder, trigger, ttl = KEYS[1], KEYS[2], ARGV[1], ARGV[2], tonumber(ARGV[3])
-- The same job again (a crashed worker's job taken over by another) takes its own lease back at once.
if redis.call('GET', lease) == holder then
  redis.call('PEXPIRE', lease, ttl)
  return 1
end
if trigger == 'scheduled' and redis.call('EXISTS', claim) == 1 then return 0 end
if redis.call('SET', lease, holder, 'NX', 'PX', ttl) then
  if trigger == 'user' then redis.call('DEL', claim) end
  return 1
end
if trigger == 'user' then redis.call('SET', claim, holder, 'PX', ttl * 2) end
return 0
`;

/** How long a release signal waits for someone waiting for the lease; and how often a waiter looks for a lease that expired. */
const RELEASE_SIGNAL_MS = 1000;

/**
 * Extends or deletes the lease only while this holder has it; a deletion signals those waiting for the lease.
 * KEYS: lease, released. ARGV: holder, ttl (0 deletes).
 */
const KEEP_SCRIPT = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if tonumber(ARGV[2]) == 0 then
  redis.call('DEL', KEYS[1])
  redis.call('LPUSH', KEYS[2], 1)
  redis.call('PEXPIRE', KEYS[2], ${RELEASE_SIGNAL_MS})
else
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 1
`;

type LeaseCommands = Redis & {
  accountLeaseAcquire(lease: string, claim: string, holder: string, trigger: LeaseTrigger, ttl: number): Promise<number>;
  accountLeaseKeep(lease: string, released: string, holder: string, ttl: number): Promise<number>;
};

/** A held lease: heartbeats until released; `lost` turns true if it expired under us. */
export class HeldLease {
  private lost = false;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly redis: LeaseCommands,
    private readonly key: string,
    private readonly releasedKey: string,
    readonly holder: string,
    heartbeatMs: number,
    ttlMs: number,
  ) {
    this.heartbeat = setInterval(() => {
      void this.redis
        .accountLeaseKeep(this.key, this.releasedKey, this.holder, ttlMs)
        .then((kept) => (this.lost ||= kept === 0))
        .catch(() => undefined);
    }, heartbeatMs);
    this.heartbeat.unref();
  }

  get isLost(): boolean {
    return this.lost;
  }

  async release(): Promise<void> {
    clearInterval(this.heartbeat);
    await this.redis.accountLeaseKeep(this.key, this.releasedKey, this.holder, 0);
  }
}

/** Per-account leases in Redis, shared by every worker. */
export class AccountLeases {
  private readonly redis: LeaseCommands;

  constructor(
    redis: Redis,
    private readonly keyPrefix: string,
    private readonly timing = { ttlMs: LEASE_TTL_MS, heartbeatMs: LEASE_HEARTBEAT_MS },
  ) {
    if (!('accountLeaseAcquire' in redis)) {
      redis.defineCommand('accountLeaseAcquire', { numberOfKeys: 2, lua: ACQUIRE_SCRIPT });
      redis.defineCommand('accountLeaseKeep', { numberOfKeys: 2, lua: KEEP_SCRIPT });
    }
    this.redis = redis as LeaseCommands;
  }

  /**
   * The lease, or null when another holder has it (or, for a scheduled job, a user job waits for it). With waitMs,
   * a user waits that long for the holder to release it, woken by the release rather than asking again and again.
   */
  async acquire(accountId: string, holder: string, trigger: LeaseTrigger, waitMs = 0): Promise<HeldLease | null> {
    const lease = await this.acquireNow(accountId, holder, trigger);
    return lease || waitMs <= 0 ? lease : this.waitFor(accountId, holder, trigger, Date.now() + waitMs);
  }

  private async acquireNow(accountId: string, holder: string, trigger: LeaseTrigger): Promise<HeldLease | null> {
    const key = `${this.keyPrefix}:lease:${accountId}`;
    const taken = await this.redis.accountLeaseAcquire(
      key,
      `${this.keyPrefix}:lease-claim:${accountId}`,
      holder,
      trigger,
      this.timing.ttlMs,
    );
    return taken === 1
      ? new HeldLease(this.redis, key, this.releasedKey(accountId), holder, this.timing.heartbeatMs, this.timing.ttlMs)
      : null;
  }

  /** Blocks on the release signal (its own connection, since a blocking pop holds one) and asks again after each. */
  private async waitFor(accountId: string, holder: string, trigger: LeaseTrigger, deadline: number): Promise<HeldLease | null> {
    const signals = this.redis.duplicate();
    signals.on('error', () => undefined);
    try {
      let lease: HeldLease | null = null;
      while (!lease && Date.now() < deadline) {
        // Never 0: to BLPOP that means waiting for ever.
        const waitMs = Math.max(1, Math.min(deadline - Date.now(), RELEASE_SIGNAL_MS));
        await signals.blpop(this.releasedKey(accountId), waitMs / 1000);
        lease = await this.acquireNow(accountId, holder, trigger);
      }
      return lease;
    } finally {
      signals.disconnect();
    }
  }

  private releasedKey(accountId: string): string {
    return `${this.keyPrefix}:lease-released:${accountId}`;
  }
}
