import { DynamicModule, Global, Module } from '@nestjs/common';

import { AppConfig } from './app-config';

export const APP_CONFIG = Symbol('APP_CONFIG');

/** The validated configuration, loaded once by the entry point and provided to every module. */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: ConfigModule, providers: [{ provide: APP_CONFIG, useValue: config }], exports: [APP_CONFIG] };
  }
}
