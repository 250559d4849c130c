import { Global, Logger, Module } from '@nestjs/common';

import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { MetricsService } from '../metrics/metrics.service';
import { LlmClient } from './llm-client';
import { LlmMetrics } from './llm-metrics';

/** The AI provider's client: the one way to the model. */
@Global()
@Module({
  providers: [
    {
      provide: LlmClient,
      inject: [APP_CONFIG, MetricsService],
      useFactory: (config: AppConfig, metrics: MetricsService) =>
        new LlmClient(config.llm, new LlmMetrics(metrics.registry), new Logger('Llm')),
    },
  ],
  exports: [LlmClient],
})
export class LlmModule {}
