import { join } from 'node:path';

import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DATABASE, Database } from '../src/database/database.tokens';
import { createUser, uniqueEmail } from './support/identity';
import { captureLogs } from './support/log-capture';
import { BUILT_MAIN, runBuilt } from './support/spawn-service';
import { startTestApp, TestApp } from './support/test-app';

const { lines: logLines, rootLogger } = captureLogs();

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ rootLogger });
});
afterAll(() => t.close());

describe('no password, hash or refresh token leaves in a response or a log line', () => {
  it('holds across every auth route, successes and failures', async () => {
    const responses: { url: string; response: LightMyRequestResponse }[] = [];
    const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, headers?: Record<string, string>) => {
      const response = await t.request({ method, url, payload, headers });
      responses.push({ url, response });
      return response;
    };
    const passwords = ['First-pass-123', 'Second-pass-456', 'Wrong-pass-789', 'weak'];
    const email = uniqueEmail('scan');
    await call('POST', '/auth/register', { email, password: passwords[0], displayName: 'Scan' });
    await call('POST', '/auth/register', { email, password: passwords[0], displayName: 'Scan' });
    await call('POST', '/auth/register', { email: uniqueEmail(), password: passwords[3], displayName: 'Weak' });
    await call('POST', '/auth/login', { email, password: passwords[2] });
    const pair = (await call('POST', '/auth/login', { email, password: passwords[0] })).json();
    const auth = { authorization: `Bearer ${pair.accessToken}` };
    const rotated = (await call('POST', '/auth/refresh', { refreshToken: pair.refreshToken })).json();
    await call('POST', '/auth/refresh', { refreshToken: pair.refreshToken });
    await call('POST', '/auth/me', undefined, auth);
    await call('PATCH', '/auth/me', { password: passwords[1], currentPassword: passwords[2] }, auth);
    await call('PATCH', '/auth/me', { password: passwords[1], currentPassword: passwords[0] }, auth);
    const second = (await call('POST', '/auth/login', { email, password: passwords[1] })).json();
    await call('POST', '/auth/logout', { refreshToken: second.refreshToken });
    await call('POST', '/auth/logout-all', undefined, auth);
    const admin = await createUser(t, 'admin');
    await call('GET', `/users?q=${encodeURIComponent(email)}`, undefined, admin.auth);
    await call('GET', '/audit-logs?limit=100', undefined, admin.auth);

    const db = t.app.get<Database>(DATABASE);
    const hashes = (
      await db.execute<{ secret: string }>(sql`select password_hash as secret from users union all select token_hash from refresh_tokens`)
    ).rows.map((row) => row.secret);
    const issuedRefreshTokens = [pair.refreshToken, rotated.refreshToken, second.refreshToken];
    expect(hashes.length).toBeGreaterThan(3);

    for (const { url, response } of responses) {
      const body = response.body;
      for (const secret of [...passwords, ...hashes]) expect(body, `${url} leaks a secret`).not.toContain(secret);
      // A refresh token appears only in the refreshToken field of the pair that issued it.
      const issued = response.statusCode === 200 && url.match(/\/auth\/(login|refresh)$/) ? response.json().refreshToken : undefined;
      for (const token of issuedRefreshTokens.filter((token) => token !== issued))
        expect(body, `${url} leaks a refresh token`).not.toContain(token);
    }
    const logs = logLines.join('');
    expect(logs).toContain('"msg":"request"');
    for (const secret of [...passwords, ...hashes, ...issuedRefreshTokens, pair.accessToken]) expect(logs).not.toContain(secret);
  });
});

describe('bootstrap admin', () => {
  it('creates the admin at start; a second start keeps its password', async () => {
    const email = uniqueEmail('boot');
    const first = await startTestApp({ shareWith: t, env: { BOOTSTRAP_ADMIN_EMAIL: email, BOOTSTRAP_ADMIN_PASSWORD: 'Boot-pass-123' } });
    await first.close();
    const second = await startTestApp({ shareWith: t, env: { BOOTSTRAP_ADMIN_EMAIL: email, BOOTSTRAP_ADMIN_PASSWORD: 'Other-pass-456' } });
    await second.close();
    const login = await t.request({ method: 'POST', url: '/auth/login', payload: { email, password: 'Boot-pass-123' } });
    expect(login.statusCode).toBe(200);
    const me = await t.request({ method: 'POST', url: '/auth/me', headers: { authorization: `Bearer ${login.json().accessToken}` } });
    expect(me.json().role).toBe('admin');
  });

  async function roleOf(email: string): Promise<string | undefined> {
    const rows = await t.app
      .get<Database>(DATABASE)
      .execute<{ role: string }>(sql`select role from users where lower(email) = lower(${email})`);
    return rows.rows[0]?.role;
  }

  async function promotions(userId: string): Promise<{ user_id: string | null; details: Record<string, unknown> }[]> {
    const rows = await t.app
      .get<Database>(DATABASE)
      .execute<{ user_id: string | null; details: Record<string, unknown> }>(
        sql`select user_id, details from audit_logs where action = 'auth.admin.promote' and entity_id = ${userId}`,
      );
    return rows.rows;
  }

  it('never promotes a user who registered the e-mail first, nor changes the password', async () => {
    const user = await createUser(t);
    const app = await startTestApp({
      shareWith: t,
      env: { BOOTSTRAP_ADMIN_EMAIL: user.email.toUpperCase(), BOOTSTRAP_ADMIN_PASSWORD: 'Other-pass-456' },
    });
    await app.close();
    expect(await roleOf(user.email)).toBe('seller');
    expect(
      (await t.request({ method: 'POST', url: '/auth/login', payload: { email: user.email, password: 'Other-pass-456' } })).statusCode,
    ).toBe(401);
    expect(
      (await t.request({ method: 'POST', url: '/auth/login', payload: { email: user.email, password: user.password } })).statusCode,
    ).toBe(200);
  });

  it('npm run admin:create creates an admin and refuses an e-mail already registered', async () => {
    const email = uniqueEmail('cli');
    const cli = join(BUILT_MAIN, '..', 'cli', 'create-admin.js');
    const created = runBuilt(cli, { NODE_ENV: 'test', DATABASE_URL: t.config.database.url }, [
      '--email',
      email,
      '--password',
      'Cli-pass-123',
    ]);
    expect(await created.exited).toBe(0);
    expect(created.stdout()).toContain('created');
    expect(await roleOf(email)).toBe('admin');
    const again = runBuilt(cli, { NODE_ENV: 'test', DATABASE_URL: t.config.database.url }, [
      '--email',
      email,
      '--password',
      'Another-pass-1',
    ]);
    expect(await again.exited).toBe(1);
    expect(again.stderr()).toContain('--promote-existing');
    expect((await t.request({ method: 'POST', url: '/auth/login', payload: { email, password: 'Cli-pass-123' } })).statusCode).toBe(200);

    const user = await createUser(t);
    const taken = runBuilt(cli, { NODE_ENV: 'test', DATABASE_URL: t.config.database.url }, [
      '--email',
      user.email,
      '--password',
      'Another-pass-1',
    ]);
    expect(await taken.exited).toBe(1);
    expect(await roleOf(user.email)).toBe('seller');
    const weak = runBuilt(cli, { NODE_ENV: 'test', DATABASE_URL: t.config.database.url }, [
      '--email',
      uniqueEmail('cli'),
      '--password',
      'short',
    ]);
    expect(await weak.exited).toBe(1);
  }, 60_000);

  it('npm run admin:create --promote-existing promotes a registered user, keeps the password and writes an audit record', async () => {
    const user = await createUser(t);
    const cli = join(BUILT_MAIN, '..', 'cli', 'create-admin.js');
    const promoted = runBuilt(cli, { NODE_ENV: 'test', DATABASE_URL: t.config.database.url }, [
      '--email',
      user.email.toUpperCase(),
      '--promote-existing',
    ]);
    expect(await promoted.exited).toBe(0);
    expect(promoted.stdout()).toContain('promoted');
    expect(await roleOf(user.email)).toBe('admin');
    expect(await promotions(user.id)).toEqual([{ user_id: null, details: { from: 'seller', to: 'admin', via: 'admin:create' } }]);
    expect(
      (await t.request({ method: 'POST', url: '/auth/login', payload: { email: user.email, password: user.password } })).statusCode,
    ).toBe(200);
    const unknown = runBuilt(cli, { NODE_ENV: 'test', DATABASE_URL: t.config.database.url }, [
      '--email',
      uniqueEmail('nobody'),
      '--promote-existing',
    ]);
    expect(await unknown.exited).toBe(1);
  }, 60_000);
});

describe('inbound auth limit outside the test environment', () => {
  it('allows 5 register/login calls per client per 15 minutes, then 429', async () => {
    const dev = await startTestApp({ shareWith: t, env: { NODE_ENV: 'development' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const response = await dev.request({
          method: 'POST',
          url: '/auth/login',
          headers: { 'x-forwarded-for': '198.51.100.77' },
          payload: { email: uniqueEmail(), password: 'Whatever-1' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      expect(dev.config.throttle.groups.auth).toEqual({ limit: 5, ttlMs: 900000 });
    } finally {
      await dev.close();
    }
  });
});
