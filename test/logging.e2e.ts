import { Writable } from 'node:stream';

import { JwtService } from '@nestjs/jwt';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createApp } from '../src/app/create-app';
import { createRootLogger } from '../src/app/root-logger';
import { loadConfig } from '../src/config/app-config';
import { ExamplesTestModule } from './support/examples-test.module';
import { deleteRedisPrefix } from './support/test-app';
import { createTestDatabase } from './support/test-database';
import { TEST_REDIS_URL } from './support/test-env';
import { TestRoutesModule } from './support/test-routes.module';

const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

const PREFIX = `tlog${process.pid}`;
let app: NestFastifyApplication;
let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: PREFIX,
    APP_ROLE: 'api',
  });
  app = await createApp(config, { rootLogger: createRootLogger(config, sink), extraImports: [TestRoutesModule, ExamplesTestModule] });
  await app.getHttpAdapter().getInstance().ready();
});
afterAll(async () => {
  await app.close();
  await database.drop();
  await deleteRedisPrefix(PREFIX);
});

function inject(options: object) {
  return app
    .getHttpAdapter()
    .getInstance()
    .inject(options as never);
}

describe('request log', () => {
  it('writes one line per request with method, route template, status, duration and request id', async () => {
    const token = app.get(JwtService).sign({ sub: '00000000-0000-4000-8000-000000000001', role: 'seller' });
    lines.length = 0;
    await inject({
      method: 'GET',
      url: '/examples/items/6b1f3c9e-8d2a-4e4b-9c1d-2f3a4b5c6d7e?secret=1',
      headers: { authorization: `Bearer ${token}`, 'x-request-id': 'log-test-1' },
    });
    const requestLines = lines.filter((line) => line.msg === 'request');
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({ reqId: 'log-test-1', method: 'GET', route: '/examples/items/:id', status: 404 });
    expect(typeof requestLines[0].durationMs).toBe('number');
    expect(JSON.stringify(lines)).not.toContain(token);
    expect(JSON.stringify(lines)).not.toContain('secret=1');
  });

  it('names unmatched paths without their query string', async () => {
    lines.length = 0;
    await inject({ method: 'GET', url: '/nowhere?token=abc' });
    expect(lines.find((line) => line.msg === 'request')).toMatchObject({ route: 'unmatched', url: '/nowhere', status: 404 });
    expect(JSON.stringify(lines)).not.toContain('abc');
  });

  it('logs an unhandled error with its stack and request id, and the response hides it', async () => {
    lines.length = 0;
    const response = await inject({ method: 'GET', url: '/__test__/crash', headers: { 'x-request-id': 'log-test-crash' } });
    expect(response.body).not.toContain('secret internal detail');
    const errorLine = lines.find((line) => line.level === 50) as { reqId: string; err: { stack: string } };
    expect(errorLine.reqId).toBe('log-test-crash');
    expect(errorLine.err.stack).toContain('secret internal detail');
  });

  it('redacts passwords, tokens and keys in logged objects', () => {
    lines.length = 0;
    const logger = createRootLogger(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' }), sink);
    logger.info(
      { body: { password: 'p4ss', refreshToken: 'r3fr', apiKey: 'k3y' }, password: 'top', headers: { authorization: 'Bearer x' } },
      'x',
    );
    const text = JSON.stringify(lines);
    for (const secret of ['p4ss', 'r3fr', 'k3y', 'top', 'Bearer x']) expect(text).not.toContain(secret);
    expect(text).toContain('[redacted]');
  });
});
