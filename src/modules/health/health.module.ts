import { Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { readAppVersion } from './app-version';
import { HealthController } from './health.controller';
import { APP_VERSION } from './health.module.tokens';
import { HealthService } from './health.service';

@Module({
  controllers: [HealthController],
  providers: [HealthService, { provide: APP_VERSION, inject: [APP_CONFIG], useFactory: (config: AppConfig) => readAppVersion(config.commit ?? undefined) }],
})
export class HealthModule {}
