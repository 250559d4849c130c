import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { connect, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { JwtService } from '@nestjs/jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEVELOPMENT_PLACEHOLDERS } from '../src/config/env-definitions';
import { expectErrorEnvelope } from './support/envelope';
import { parseRawResponse } from './support/raw-http';
import {
  BUILT_MAIN,
  BUILT_MAIN_WITH_EXAMPLES,
  freePort,
  packageScriptCommand,
  runBuilt,
  runPackageScript,
  waitForOutput,
} from './support/spawn-service';
import { deleteRedisPrefix } from './support/test-app';
import { createTestDatabase } from './support/test-database';
import { TEST_REDIS_URL } from './support/test-env';

// These tests run the built entry point (npm test builds first).
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const prefix = `t${randomBytes(5).toString('hex')}`;

beforeAll(async () => {
  expect(existsSync(BUILT_MAIN), 'run npm run build first').toBe(true);
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
  await deleteRedisPrefix(prefix);
});

describe('start-up configuration', () => {
  it('with NODE_ENV unset the built server alone (npm run start:prod) is production: the committed placeholders stop it', async () => {
    const service = runPackageScript('start:prod', { DATABASE_URL: database.url, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix });
    expect(await service.exited).toBe(1);
    expect(service.stderr()).toBe(
      'Invalid environment variable JWT_ACCESS_SECRET: equals the development placeholder committed in the repository; set a random secret\n',
    );
    expect(service.stdout()).toBe('');
  });

  it('the image runs the same command as npm run start:prod', () => {
    const command = /^CMD (\[.*\])$/m.exec(readFileSync(join(__dirname, '..', 'Dockerfile'), 'utf8'))![1];
    expect((JSON.parse(command) as string[]).join(' ')).toBe(packageScriptCommand('start:prod'));
  });

  it('with NODE_ENV unset npm start runs in development: it starts with the committed placeholders, the queue board open', async () => {
    const port = await freePort();
    const service = runPackageScript('start', {
      APP_ROLE: 'api',
      PORT: String(port),
      DATABASE_URL: database.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
    });
    try {
      await waitForOutput(service, /"msg":"started"/);
      expect((await fetch(`http://127.0.0.1:${port}/admin/queues/api/queues`)).status).toBe(200);
    } finally {
      service.child.kill('SIGTERM');
      expect(await service.exited).toBe(0);
    }
  });

  it('a malformed value exits 1 with one line naming the variable', async () => {
    const service = runBuilt(BUILT_MAIN, { PORT: 'eighty' });
    expect(await service.exited).toBe(1);
    expect(service.stderr().trim().split('\n')).toEqual(['Invalid environment variable PORT: expected an integer, got "eighty"']);
  });
});

describe('SIGTERM', () => {
  it('lets the running request and the active job finish, then exits 0', async () => {
    const port = await freePort();
    const service = runBuilt(BUILT_MAIN_WITH_EXAMPLES, {
      NODE_ENV: 'test',
      PORT: String(port),
      DATABASE_URL: database.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
    });
    await waitForOutput(service, /"msg":"started"/);
    const token = new JwtService({ secret: DEVELOPMENT_PLACEHOLDERS.JWT_ACCESS_SECRET }).sign({
      sub: '00000000-0000-4000-8000-000000000001',
      role: 'seller',
    });
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const base = `http://127.0.0.1:${port}`;

    const accepted = await fetch(`${base}/examples/queue`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ message: 'drain me', workMs: 1500 }),
    });
    const { jobId } = (await accepted.json()) as { jobId: string };
    for (let i = 0; i < 100; i += 1) {
      const status = (await (await fetch(`${base}/examples/queue/${jobId}`, { headers })).json()) as { state: string };
      if (status.state === 'active') break;
      await new Promise((resolve) => setTimeout(resolve, 30));
    }

    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
    expect(service.stdout()).toContain('"msg":"stopped"');

    // A second process reads the job: it was finished by the first before it exited, not abandoned.
    const reader = runBuilt(BUILT_MAIN_WITH_EXAMPLES, {
      NODE_ENV: 'test',
      PORT: String(port),
      DATABASE_URL: database.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      APP_ROLE: 'api',
    });
    await waitForOutput(reader, /"msg":"started"/);
    const status = (await (await fetch(`${base}/examples/queue/${jobId}`, { headers })).json()) as {
      state: string;
      result: { echo: string };
    };
    reader.child.kill('SIGTERM');
    await reader.exited;
    expect(status.state).toBe('completed');
    expect(status.result.echo).toBe('drain me');
  });
});

function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe: Socket = connect(port, '127.0.0.1');
    probe.on('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.on('error', () => resolve(false));
  });
}

describe('SIGTERM with a request in flight', () => {
  it('the request in flight is answered; one pipelined behind it after closing began gets 503 SERVICE_UNAVAILABLE in the envelope', async () => {
    const port = await freePort();
    const service = runBuilt(BUILT_MAIN, {
      NODE_ENV: 'test',
      APP_ROLE: 'api',
      PORT: String(port),
      DATABASE_URL: database.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
    });
    await waitForOutput(service, /"msg":"started"/);
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk));
    const socketClosed = new Promise((resolve) => socket.on('close', resolve));
    await new Promise((resolve) => socket.once('connect', resolve));
    // The body of a login arrives slowly: the request stays in flight while the service begins to close.
    const body = JSON.stringify({ email: 'slow@example.com', password: 'whatever-1' });
    socket.write(
      `POST /auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));

    service.child.kill('SIGTERM');
    // New connections are refused once the server closes; the open one is still served.
    while (await acceptsConnections(port)) await new Promise((resolve) => setTimeout(resolve, 20));
    socket.write(`${body.slice(5)}GET /health/live HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Request-Id: sigterm-1\r\n\r\n`);
    await socketClosed;
    expect(await service.exited).toBe(0);

    const [login, closing] = received.split(/(?=HTTP\/1\.1 )/);
    expect(login).toMatch(/^HTTP\/1\.1 401/);
    const answer = parseRawResponse(closing);
    expect(expectErrorEnvelope(answer, 503, 'SERVICE_UNAVAILABLE').traceId).toBe('sigterm-1');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('npm run openapi', () => {
  it('writes the contract without PostgreSQL or Redis', async () => {
    const target = join(mkdtempSync(join(tmpdir(), 'openapi-')), 'openapi.json');
    const exporter = runBuilt(
      join(BUILT_MAIN, '..', 'cli', 'export-openapi.js'),
      { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none', REDIS_URL: 'redis://127.0.0.1:1' },
      [target],
    );
    expect(await exporter.exited).toBe(0);
    const document = JSON.parse(readFileSync(target, 'utf8'));
    expect(document.components.securitySchemes['access-token']).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(document.paths['/mp-accounts'].get.responses['502'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ApiErrorBodyDto',
    });
  });
});
