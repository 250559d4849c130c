import { DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { AppConfig } from '../config/app-config';

/** Never logged: credentials, tokens and marketplace keys wherever they appear in a logged object. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'authorization',
  '*.authorization',
  'password',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.accessToken',
  '*.refreshToken',
  '*.token',
  '*.apiKey',
  '*.secret',
];

@Module({})
export class LoggingModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: LoggingModule,
      imports: [
        LoggerModule.forRoot({
          pinoHttp: {
            level: config.logLevel,
            // The one line per request is written by the response hook, with the route template.
            autoLogging: false,
            quietReqLogger: true,
            genReqId: (request) => (request as { id?: string }).id ?? '',
            redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
            base: { role: config.role },
          },
        }),
      ],
    };
  }
}
