import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';

import { AppConfig, ThrottleGroup } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { REDIS, redisKey } from '../../redis/redis.module';

/**
 * Fixed windows per group and client IP, counted in Redis so that every replica shares them.
 * One script call increments every group that applies and returns the longest wait of an exceeded one.
 */
const HIT_SCRIPT = `
local retryMs = 0
for i, key in ipairs(KEYS) do
  local limit = tonumber(ARGV[2 * i - 1])
  local ttl = tonumber(ARGV[2 * i])
  local count = redis.call('INCR', key)
  local pttl = redis.call('PTTL', key)
  if pttl < 0 then
    redis.call('PEXPIRE', key, ttl)
    pttl = ttl
  end
  if count > limit and pttl > retryMs then retryMs = pttl end
end
return retryMs
`;

type RedisWithHit = Redis & { inboundHit(...args: (string | number)[]): Promise<number> };

@Injectable()
export class InboundLimiterService {
  private readonly redis: RedisWithHit;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) redis: Redis,
  ) {
    if (!('inboundHit' in redis)) redis.defineCommand('inboundHit', { lua: HIT_SCRIPT });
    this.redis = redis as RedisWithHit;
  }

  get enabled(): boolean {
    return this.config.throttle.enabled;
  }

  /** Counts one request; returns 0 when allowed, otherwise the milliseconds until the exceeded window ends. */
  async hit(clientIp: string, groups: ThrottleGroup[]): Promise<number> {
    const keys = groups.map((group) => redisKey(this.config, 'throttle', group, clientIp));
    const args = groups.flatMap((group) => [this.config.throttle.groups[group].limit, this.config.throttle.groups[group].ttlMs]);
    return this.redis.inboundHit(keys.length, ...keys, ...args);
  }
}
