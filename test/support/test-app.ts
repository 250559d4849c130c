import { randomBytes } from 'node:crypto';

import type { ModuleMetadata } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import Redis from 'ioredis';
import type { Logger } from 'pino';

import { createApp } from '../../src/app/create-app';
import type { Role } from '../../src/common/auth/authenticated-user';
import { AppConfig, loadConfig } from '../../src/config/app-config';
import { createTestDatabase } from './test-database';
import { TEST_REDIS_URL } from './test-env';

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  /** HTTP through the whole application (hooks, guards, pipes, filter). */
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  tokenFor(role?: Role, userId?: string): string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  extraImports?: ModuleMetadata['imports'];
  /** Reuse a database and Redis prefix of another test app (two replicas). */
  shareWith?: TestApp;
  /** Capture log lines (otherwise the app logs nothing). */
  rootLogger?: Logger;
  /** A web app build to serve under /app. */
  webRoot?: string;
}

/** Deletes every key under a prefix (the keys this test file wrote). */
export async function deleteRedisPrefix(prefix: string): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length) await redis.del(...keys);
  } while (cursor !== '0');
  redis.disconnect();
}

/** Starts the real application against its own database and Redis prefix. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.shareWith ? null : await createTestDatabase();
  const prefix = options.shareWith?.config.redis.prefix ?? `t${randomBytes(5).toString('hex')}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    // Workers only where a test asks for them (APP_ROLE in env); schedules likewise, so that no half-hourly tick
    // adds marketplace calls to a test that counts them.
    APP_ROLE: 'api',
    SCHEDULES_ENABLED: 'false',
    LOG_LEVEL: 'silent',
    DATABASE_URL: options.shareWith?.config.database.url ?? database!.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    ...options.env,
  });
  const app = await createApp(config, { extraImports: options.extraImports, rootLogger: options.rootLogger, webRoot: options.webRoot });
  const fastify = app.getHttpAdapter().getInstance();
  await fastify.ready();
  const jwt = app.get(JwtService);
  return {
    app,
    config,
    request: (injectOptions) => fastify.inject(injectOptions),
    tokenFor: (role = 'seller', userId = '00000000-0000-4000-8000-000000000001') => jwt.sign({ sub: userId, role }),
    close: async () => {
      await app.close();
      if (database) {
        await database.drop();
        await deleteRedisPrefix(prefix);
      }
    },
  };
}
