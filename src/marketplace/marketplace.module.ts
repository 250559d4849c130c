import { Global, Logger, Module } from '@nestjs/common';
import type Redis from 'ioredis';

import { KeyRing } from '../common/crypto/key-ring';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { MetricsService } from '../metrics/metrics.service';
import { REDIS, redisKey } from '../redis/redis.module';
import { AccountKeySource } from './account-key.source';
import { MarketplaceClient } from './client/marketplace-client';
import { MarketplaceMetrics } from './client/marketplace-metrics';
import { RateBuckets } from './client/rate-buckets';
import { RateRules } from './client/rate-rules';

/** The key ring and the marketplace client with its shared rate buckets: the one way to the marketplace. */
@Global()
@Module({
  providers: [
    {
      provide: KeyRing,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new KeyRing(config.encryption.keys, config.encryption.activeKeyId),
    },
    AccountKeySource,
    { provide: RateRules, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new RateRules(config.marketplace.rateTimeScale) },
    {
      provide: RateBuckets,
      inject: [REDIS, APP_CONFIG],
      useFactory: (redis: Redis, config: AppConfig) => new RateBuckets(redis, redisKey(config, 'mp')),
    },
    {
      provide: MarketplaceMetrics,
      inject: [MetricsService],
      useFactory: (metrics: MetricsService) => new MarketplaceMetrics(metrics.registry),
    },
    {
      provide: MarketplaceClient,
      inject: [APP_CONFIG, RateBuckets, RateRules, AccountKeySource, MarketplaceMetrics],
      useFactory: (config: AppConfig, buckets: RateBuckets, rules: RateRules, keys: AccountKeySource, metrics: MarketplaceMetrics) =>
        new MarketplaceClient(config, buckets, rules, keys, metrics, new Logger('Marketplace')),
    },
  ],
  exports: [KeyRing, AccountKeySource, RateRules, RateBuckets, MarketplaceClient],
})
export class MarketplaceModule {}
