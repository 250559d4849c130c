import { Module } from '@nestjs/common';

import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { APP_VERSION, readAppVersion } from './app-version';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';

@Module({
  controllers: [HealthController],
  providers: [
    HealthService,
    { provide: APP_VERSION, inject: [APP_CONFIG], useFactory: (config: AppConfig) => readAppVersion(config.commit ?? undefined) },
  ],
})
export class HealthModule {}
