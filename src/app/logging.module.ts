import { DynamicModule, Global, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { Logger } from 'pino';

export const ROOT_LOGGER = Symbol('ROOT_LOGGER');

/** Nest's own logger (new Logger('Context')) writes through the root pino logger; no per-request middleware. */
@Global()
@Module({})
export class LoggingModule {
  static forRoot(rootLogger: Logger): DynamicModule {
    return {
      module: LoggingModule,
      imports: [LoggerModule.forRoot({ pinoHttp: { logger: rootLogger }, useExisting: true, forRoutes: [] })],
      providers: [{ provide: ROOT_LOGGER, useValue: rootLogger }],
      exports: [ROOT_LOGGER],
    };
  }
}
