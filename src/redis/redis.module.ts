import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis, { RedisOptions } from 'ioredis';

import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';

export const REDIS = Symbol('REDIS');

/** Connection options for BullMQ and our own clients; lazy, so that nothing connects until used. */
export function redisOptions(config: AppConfig): RedisOptions {
  const url = new URL(config.redis.url);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
    tls: url.protocol === 'rediss:' ? {} : undefined,
    lazyConnect: true,
    connectTimeout: 5000,
  };
}

/** Every key of this deployment starts with REDIS_PREFIX, so that deployments and test runs can share a server. */
export function redisKey(config: AppConfig, ...parts: string[]): string {
  return [config.redis.prefix, ...parts].join(':');
}

@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [APP_CONFIG],
      // Commands fail fast while Redis is away instead of queueing forever.
      useFactory: (config: AppConfig) => new Redis({ ...redisOptions(config), maxRetriesPerRequest: 1 }),
    },
  ],
  exports: [REDIS],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {
    redis.on('error', () => undefined);
  }

  /** QUIT lets pending replies arrive; a client that never connected is simply dropped. */
  async onApplicationShutdown(): Promise<void> {
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }
}
