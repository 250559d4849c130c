import { createSecretKey } from 'node:crypto';

import { DynamicModule, Module, ModuleMetadata } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import type { Logger } from 'pino';

import { AccountsReaderModule } from './accounts/accounts-reader.module';
import { LoggingModule } from './app/logging.module';
import { AccessModule } from './common/auth/access.module';
import { AccessTokenGuard } from './common/auth/access-token.guard';
import { RolesGuard } from './common/auth/roles';
import { AllExceptionsFilter } from './common/errors/all-exceptions.filter';
import { InboundLimiterService } from './common/throttle/inbound-limiter.service';
import { createValidationPipe } from './common/validation/validation.pipe';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { LlmModule } from './llm/llm.module';
import { MarketplaceModule } from './marketplace/marketplace.module';
import { MetricsModule } from './metrics/metrics.module';
import { FEATURE_MODULES } from './modules';
import { QueueModule } from './queue/queue.module';
import { RedisModule } from './redis/redis.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, rootLogger: Logger, extraImports: ModuleMetadata['imports'] = []): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggingModule.forRoot(rootLogger),
        // A key object, not the string: given a string, jsonwebtoken first tries it as a public key on every sign and
        // verify, which costs ~0.4 ms per authenticated request.
        JwtModule.register({
          global: true,
          secret: createSecretKey(Buffer.from(config.auth.accessSecret)),
          signOptions: { algorithm: 'HS256', expiresIn: config.auth.accessTtlSec },
        }),
        DatabaseModule,
        RedisModule,
        AccountsReaderModule,
        QueueModule,
        MetricsModule,
        MarketplaceModule,
        LlmModule,
        AccessModule,
        ...FEATURE_MODULES,
        ...extraImports,
      ],
      providers: [
        InboundLimiterService,
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        { provide: APP_PIPE, useFactory: createValidationPipe },
        { provide: APP_GUARD, useClass: AccessTokenGuard },
        { provide: APP_GUARD, useClass: RolesGuard },
      ],
    };
  }
}
