import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVELOPMENT_PLACEHOLDERS } from '../src/config/env.definitions';
import { createTestDatabase } from './support/test-database';
import { deleteRedisPrefix } from './support/test-app';
import { BUILT_MAIN, freePort, runBuilt, waitForOutput } from './support/spawn-service';
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
  it('production with the committed placeholder secrets exits 1 with one line naming the variable', async () => {
    const service = runBuilt(BUILT_MAIN, { NODE_ENV: 'production', DATABASE_URL: database.url });
    expect(await service.exited).toBe(1);
    expect(service.stderr()).toBe('Invalid environment variable JWT_ACCESS_SECRET: equals the development placeholder committed in the repository; set a random secret\n');
    expect(service.stdout()).toBe('');
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
    const service = runBuilt(BUILT_MAIN, { NODE_ENV: 'test', PORT: String(port), DATABASE_URL: database.url, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix });
    await waitForOutput(service, /"msg":"started"/);
    const token = new JwtService({ secret: DEVELOPMENT_PLACEHOLDERS.JWT_ACCESS_SECRET }).sign({ sub: '00000000-0000-4000-8000-000000000001', role: 'seller' });
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const base = `http://127.0.0.1:${port}`;

    const accepted = await fetch(`${base}/examples/queue`, { method: 'POST', headers, body: JSON.stringify({ message: 'drain me', workMs: 1500 }) });
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
    const reader = runBuilt(BUILT_MAIN, { NODE_ENV: 'test', PORT: String(port), DATABASE_URL: database.url, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix, APP_ROLE: 'api' });
    await waitForOutput(reader, /"msg":"started"/);
    const status = (await (await fetch(`${base}/examples/queue/${jobId}`, { headers })).json()) as { state: string; result: { echo: string } };
    reader.child.kill('SIGTERM');
    await reader.exited;
    expect(status.state).toBe('completed');
    expect(status.result.echo).toBe('drain me');
  });
});

describe('npm run openapi', () => {
  it('writes the contract without PostgreSQL or Redis', async () => {
    const target = join(mkdtempSync(join(tmpdir(), 'openapi-')), 'openapi.json');
    const exporter = runBuilt(join(BUILT_MAIN, '..', 'cli', 'export-openapi.js'), { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none', REDIS_URL: 'redis://127.0.0.1:1' }, [target]);
    expect(await exporter.exited).toBe(0);
    const document = JSON.parse(readFileSync(target, 'utf8'));
    expect(document.components.securitySchemes['access-token']).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(document.paths['/examples/items'].get.responses['502'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ApiErrorBodyDto' });
  });
});
