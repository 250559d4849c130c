import { Global, Logger, Module } from '@nestjs/common';
import type Redis from 'ioredis';

import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { MetricsService } from '../metrics/metrics.service';
import { REDIS, redisKey } from '../redis/redis.module';
import { LlmAccountBudget } from './llm-account-budget';
import { LlmClient } from './llm-client';
import { LlmMetrics } from './llm-metrics';

/** The AI provider's client: the one way to the model, within each account's daily budget of calls. */
@Global()
@Module({
  providers: [
    {
      provide: LlmClient,
      inject: [APP_CONFIG, MetricsService, REDIS],
      useFactory: (config: AppConfig, metrics: MetricsService, redis: Redis) => {
        const logger = new Logger('Llm');
        const keyOf = (accountId: string, day: string) => redisKey(config, 'llm-budget', accountId, day);
        const budget = new LlmAccountBudget(redis, keyOf, config.llm.accountDailyLimit, logger);
        return new LlmClient(config.llm, budget, new LlmMetrics(metrics.registry), logger);
      },
    },
  ],
  exports: [LlmClient],
})
export class LlmModule {}
