import { createHmac } from 'node:crypto';

import { JwtService } from '@nestjs/jwt';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DATABASE, Database } from '../src/database/database.tokens';
import { expectErrorEnvelope, fieldErrors } from './support/envelope';
import { createUser, login, uniqueEmail } from './support/identity';
import { startTestApp, TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { AUTH_LOCKOUT_MS: '5000' } });
});
afterAll(() => t.close());

function refresh(refreshToken: string) {
  return t.request({ method: 'POST', url: '/auth/refresh', payload: { refreshToken } });
}

describe('register', () => {
  it('creates a seller and answers the profile', async () => {
    const email = uniqueEmail('Reg');
    const response = await t.request({
      method: 'POST',
      url: '/auth/register',
      payload: { email, password: 'Longenough1', displayName: 'Иван' },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['createdAt', 'displayName', 'email', 'id', 'role']);
    expect(body).toMatchObject({ email, displayName: 'Иван', role: 'seller' });
  });

  it('answers 409 for an e-mail already taken, in any letter case', async () => {
    const email = uniqueEmail('dup');
    await t.request({ method: 'POST', url: '/auth/register', payload: { email, password: 'Longenough1', displayName: 'A' } });
    const again = await t.request({
      method: 'POST',
      url: '/auth/register',
      payload: { email: email.toUpperCase(), password: 'Longenough1', displayName: 'B' },
    });
    expectErrorEnvelope(again, 409, 'CONFLICT');
  });

  it.each([
    ['short', 'Ab1'],
    ['all lower case', 'onlylowercaseletters'],
    ['all digits', '12345678901'],
  ])('refuses a %s password with passwordPolicy', async (_name, password) => {
    const response = await t.request({
      method: 'POST',
      url: '/auth/register',
      payload: { email: uniqueEmail(), password, displayName: 'A' },
    });
    expect(fieldErrors(expectErrorEnvelope(response, 400, 'VALIDATION_FAILED').details)).toEqual({ password: ['passwordPolicy'] });
  });

  it('refuses a malformed e-mail with isEmail', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/auth/register',
      payload: { email: 'not-an-email', password: 'Longenough1', displayName: 'A' },
    });
    expect(fieldErrors(expectErrorEnvelope(response, 400, 'VALIDATION_FAILED').details)).toEqual({ email: ['isEmail'] });
  });
});

describe('login', () => {
  it('answers an access token, a refresh token and expiresIn', async () => {
    const user = await createUser(t);
    expect(user.accessToken.split('.')).toHaveLength(3);
    expect(user.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await t.request({ method: 'POST', url: '/auth/me', headers: user.auth });
    expect(me.json()).toMatchObject({ id: user.id, email: user.email, role: 'seller' });
  });

  it('gives the same 401 for an unknown e-mail and a wrong password, and matches e-mails case-insensitively', async () => {
    const user = await createUser(t);
    const unknown = await t.request({ method: 'POST', url: '/auth/login', payload: { email: uniqueEmail(), password: 'Whatever1' } });
    const wrong = await t.request({ method: 'POST', url: '/auth/login', payload: { email: user.email, password: 'Wrong-pass-1' } });
    const a = expectErrorEnvelope(unknown, 401, 'UNAUTHORIZED');
    const b = expectErrorEnvelope(wrong, 401, 'UNAUTHORIZED');
    expect({ ...a, traceId: null }).toEqual({ ...b, traceId: null });
    await login(t, user.email.toUpperCase(), user.password);
  });
});

describe('lockout', () => {
  it('locks after 10 consecutive failures, refuses even the right password without telling, and unlocks after the window', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 10; i += 1)
      expectErrorEnvelope(
        await t.request({ method: 'POST', url: '/auth/login', payload: { email: user.email, password: `Wrong-${i}-pass` } }),
        401,
        'UNAUTHORIZED',
      );
    const right = await t.request({ method: 'POST', url: '/auth/login', payload: { email: user.email, password: user.password } });
    const wrong = await t.request({ method: 'POST', url: '/auth/login', payload: { email: user.email, password: 'Wrong-pass-x1' } });
    const lockedRight = expectErrorEnvelope(right, 401, 'UNAUTHORIZED');
    expect({ ...lockedRight, traceId: null }).toEqual({ ...expectErrorEnvelope(wrong, 401, 'UNAUTHORIZED'), traceId: null });
    expect(lockedRight.message).toContain('заблокирован');

    await new Promise((resolve) => setTimeout(resolve, 5100));
    await login(t, user.email, user.password);
  }, 60_000);

  it('a success resets the count of failures', async () => {
    const user = await createUser(t);
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < 9; i += 1)
        await t.request({ method: 'POST', url: '/auth/login', payload: { email: user.email, password: `Wrong-${i}-pass` } });
      await login(t, user.email, user.password);
    }
  }, 60_000);
});

describe('lockout under parallel attempts', () => {
  let locking: TestApp;
  beforeAll(async () => {
    locking = await startTestApp({ shareWith: t, env: { AUTH_LOCKOUT_MS: '600000' } });
  });
  afterAll(() => locking.close());

  const loginAs = (email: string, password: string) =>
    locking.request({ method: 'POST', url: '/auth/login', payload: { email, password } });

  async function failedChecks(userId: string): Promise<number> {
    const result = await locking.app
      .get<Database>(DATABASE)
      .execute<{ n: number }>(
        sql`select count(*)::int as n from audit_logs where action = 'auth.login.failed' and entity_id = ${userId} and details->>'reason' = 'wrong-password'`,
      );
    return result.rows[0].n;
  }

  it('30 parallel wrong passwords get exactly 10 checks; the rest and then the right password are refused as locked', async () => {
    const user = await createUser(locking);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => loginAs(user.email, `Wrong-${i}-pass`)));
    const messages = answers.map((answer) => String(expectErrorEnvelope(answer, 401, 'UNAUTHORIZED').message));
    expect(messages.filter((message) => message.includes('заблокирован'))).toHaveLength(20);
    expect(await failedChecks(user.id)).toBe(10);
    expect(expectErrorEnvelope(await loginAs(user.email, user.password), 401, 'UNAUTHORIZED').message).toContain('заблокирован');
  }, 120_000);

  it('a lockout neither revokes nor blocks the refresh of existing sessions', async () => {
    const user = await createUser(locking);
    for (let i = 0; i < 10; i += 1) await loginAs(user.email, `Wrong-${i}-pass`);
    expect(expectErrorEnvelope(await loginAs(user.email, user.password), 401, 'UNAUTHORIZED').message).toContain('заблокирован');
    const rotated = await locking.request({ method: 'POST', url: '/auth/refresh', payload: { refreshToken: user.refreshToken } });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const again = await locking.request({ method: 'POST', url: '/auth/refresh', payload: { refreshToken: rotated.json().refreshToken } });
    expect(again.statusCode, again.body).toBe(200);
  }, 120_000);

  it('a wrong currentPassword on PATCH /auth/me counts as a failed login', async () => {
    const user = await createUser(locking);
    for (let i = 0; i < 9; i += 1) await loginAs(user.email, `Wrong-${i}-pass`);
    const wrong = await locking.request({
      method: 'PATCH',
      url: '/auth/me',
      headers: user.auth,
      payload: { password: 'Brand-new-pass1', currentPassword: 'Wrong-current-1' },
    });
    expectErrorEnvelope(wrong, 400, 'VALIDATION_FAILED');
    expect(expectErrorEnvelope(await loginAs(user.email, user.password), 401, 'UNAUTHORIZED').message).toContain('заблокирован');
    // Locked: not even the right current password is checked.
    const locked = await locking.request({
      method: 'PATCH',
      url: '/auth/me',
      headers: user.auth,
      payload: { password: 'Brand-new-pass1', currentPassword: user.password },
    });
    expect(expectErrorEnvelope(locked, 429, 'TOO_MANY_REQUESTS').message).toContain('заблокирован');
    expect(await failedChecks(user.id)).toBe(10);
  }, 120_000);
});

describe('refresh, logout', () => {
  it('rotates: a new pair, the old refresh token revoked', async () => {
    const user = await createUser(t);
    const rotated = await refresh(user.refreshToken);
    expect(rotated.statusCode).toBe(200);
    const pair = rotated.json();
    expect(pair.refreshToken).not.toBe(user.refreshToken);
    expect(
      (await t.request({ method: 'POST', url: '/auth/me', headers: { authorization: `Bearer ${pair.accessToken}` } })).statusCode,
    ).toBe(200);
    expect((await refresh(pair.refreshToken)).statusCode).toBe(200);
  });

  it('a revoked refresh token presented again is reuse: 401 and the whole family is revoked', async () => {
    const user = await createUser(t);
    const second = (await refresh(user.refreshToken)).json();
    expectErrorEnvelope(await refresh(user.refreshToken), 401, 'UNAUTHORIZED');
    // The legitimate newer token of the same family is dead too.
    expectErrorEnvelope(await refresh(second.refreshToken), 401, 'UNAUTHORIZED');
  });

  it("reuse of one session does not end the user's other sessions", async () => {
    const user = await createUser(t);
    const other = await login(t, user.email, user.password);
    await refresh(user.refreshToken);
    await refresh(user.refreshToken);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it('logout ends that session with 204', async () => {
    const user = await createUser(t);
    const other = await login(t, user.email, user.password);
    expect((await t.request({ method: 'POST', url: '/auth/logout', payload: { refreshToken: user.refreshToken } })).statusCode).toBe(204);
    expectErrorEnvelope(await refresh(user.refreshToken), 401, 'UNAUTHORIZED');
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/auth/logout', payload: { refreshToken: 'unknown-token' } })).statusCode).toBe(204);
  });

  it('logout-all ends every session of the user', async () => {
    const user = await createUser(t);
    const other = await login(t, user.email, user.password);
    expect((await t.request({ method: 'POST', url: '/auth/logout-all', headers: user.auth })).statusCode).toBe(204);
    expectErrorEnvelope(await refresh(user.refreshToken), 401, 'UNAUTHORIZED');
    expectErrorEnvelope(await refresh(other.refreshToken), 401, 'UNAUTHORIZED');
  });

  it('an unknown refresh token is 401', async () => {
    expectErrorEnvelope(await refresh('x'.repeat(43)), 401, 'UNAUTHORIZED');
  });
});

describe('access tokens', () => {
  function b64(value: object): string {
    return Buffer.from(JSON.stringify(value)).toString('base64url');
  }

  it.each([
    [
      'tampered payload',
      (token: string) => {
        const [h, , s] = token.split('.');
        return `${h}.${b64({ sub: '00000000-0000-4000-8000-000000000009', role: 'admin', iat: 1 })}.${s}`;
      },
    ],
    ['alg none', () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: 'x', role: 'admin' })}.`],
    ['wrong secret', () => new JwtService({ secret: 'another-secret-another-secret-xx' }).sign({ sub: 'x', role: 'admin' })],
    [
      'HS512 with the right secret',
      () => {
        const head = b64({ alg: 'HS512', typ: 'JWT' });
        const body = b64({ sub: 'x', role: 'admin', exp: Math.floor(Date.now() / 1000) + 60 });
        const signature = createHmac('sha512', t.config.auth.accessSecret).update(`${head}.${body}`).digest('base64url');
        return `${head}.${body}.${signature}`;
      },
    ],
    ['expired', () => new JwtService({ secret: t.config.auth.accessSecret }).sign({ sub: 'x', role: 'admin' }, { expiresIn: -10 })],
  ])('%s is 401', async (_name, make) => {
    const user = await createUser(t);
    const response = await t.request({ method: 'POST', url: '/auth/me', headers: { authorization: `Bearer ${make(user.accessToken)}` } });
    expectErrorEnvelope(response, 401, 'UNAUTHORIZED');
  });
});

describe('profile', () => {
  it('PATCH /auth/me changes the display name', async () => {
    const user = await createUser(t);
    const response = await t.request({ method: 'PATCH', url: '/auth/me', headers: user.auth, payload: { displayName: 'Новое имя' } });
    expect(response.json()).toMatchObject({ id: user.id, displayName: 'Новое имя' });
  });

  it('a password change needs the right current password and ends every session', async () => {
    const user = await createUser(t);
    const refused = await t.request({
      method: 'PATCH',
      url: '/auth/me',
      headers: user.auth,
      payload: { password: 'Brand-new-pass1', currentPassword: 'wrong' },
    });
    expect(fieldErrors(expectErrorEnvelope(refused, 400, 'VALIDATION_FAILED').details)).toEqual({
      currentPassword: ['currentPasswordMismatch'],
    });
    const missing = await t.request({ method: 'PATCH', url: '/auth/me', headers: user.auth, payload: { password: 'Brand-new-pass1' } });
    expect(fieldErrors(expectErrorEnvelope(missing, 400, 'VALIDATION_FAILED').details).currentPassword).toBeDefined();

    const changed = await t.request({
      method: 'PATCH',
      url: '/auth/me',
      headers: user.auth,
      payload: { password: 'Brand-new-pass1', currentPassword: user.password },
    });
    expect(changed.statusCode).toBe(200);
    expectErrorEnvelope(await refresh(user.refreshToken), 401, 'UNAUTHORIZED');
    expectErrorEnvelope(
      await t.request({ method: 'POST', url: '/auth/login', payload: { email: user.email, password: user.password } }),
      401,
      'UNAUTHORIZED',
    );
    await login(t, user.email, 'Brand-new-pass1');
  });
});
