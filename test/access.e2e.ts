import { JwtService } from '@nestjs/jwt';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DATABASE, Database } from '../src/database/database.tokens';
import { users } from '../src/database/schema';
import { expectErrorEnvelope, fieldErrors } from './support/envelope';
import { createAccount, createBrand, createUser, login, TestUser } from './support/identity';
import { startTestApp, TestApp } from './support/test-app';
import { TestRoutesModule } from './support/test-routes.module';

let t: TestApp;
let admin: TestUser;
let seller: TestUser;
let otherSeller: TestUser;
let manager: TestUser;
let sellerAccount: string;
let sellerBrand: string;

beforeAll(async () => {
  t = await startTestApp({ extraImports: [TestRoutesModule] });
  [admin, seller, otherSeller, manager] = await Promise.all([
    createUser(t, 'admin'),
    createUser(t, 'seller'),
    createUser(t, 'seller'),
    createUser(t, 'manager'),
  ]);
  sellerAccount = await createAccount(t, seller.id);
  sellerBrand = await createBrand(t, sellerAccount, 'Бренд А');
});
afterAll(() => t.close());

const MISSING = '6b1f3c9e-8d2a-4e4b-9c1d-2f3a4b5c6d7e';

describe('admin-only routes', () => {
  const routes = () =>
    [
      { method: 'PATCH', url: `/auth/users/${otherSeller.id}/role`, payload: { role: 'manager' } },
      { method: 'POST', url: `/auth/users/${otherSeller.id}/revoke-sessions` },
      { method: 'GET', url: '/users' },
      { method: 'GET', url: '/brand-access' },
      { method: 'POST', url: '/brand-access', payload: { userId: manager.id, brandId: sellerBrand } },
      { method: 'DELETE', url: `/brand-access/${MISSING}` },
    ] as const;

  it.each(['seller', 'manager'] as const)('answer 403 FORBIDDEN to a %s and change nothing', async (role) => {
    const caller = role === 'seller' ? seller : manager;
    for (const route of routes()) expectErrorEnvelope(await t.request({ ...route, headers: caller.auth }), 403, 'FORBIDDEN');
    const list = await t.request({ method: 'GET', url: `/users?q=${encodeURIComponent(otherSeller.email)}`, headers: admin.auth });
    expect(list.json().items[0].role).toBe('seller');
  });

  it('answer 404 for a missing user', async () => {
    expectErrorEnvelope(
      await t.request({ method: 'PATCH', url: `/auth/users/${MISSING}/role`, headers: admin.auth, payload: { role: 'manager' } }),
      404,
      'NOT_FOUND',
    );
    expectErrorEnvelope(
      await t.request({ method: 'POST', url: `/auth/users/${MISSING}/revoke-sessions`, headers: admin.auth }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('access tokens', () => {
  it('a token accepted before stops working when it expires, and a forged one never works', async () => {
    const jwt = t.app.get(JwtService);
    const token = jwt.sign({ sub: seller.id, role: 'seller' }, { expiresIn: 2 });
    const exp = (jwt.decode(token) as { exp: number }).exp;
    const profile = () => t.request({ method: 'POST', url: '/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect((await profile()).statusCode).toBe(200);
    expect((await profile()).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, exp * 1000 - Date.now() + 50));
    expectErrorEnvelope(await profile(), 401, 'UNAUTHORIZED');
    const [header, payload] = seller.accessToken.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    expectErrorEnvelope(
      await t.request({ method: 'POST', url: '/auth/me', headers: { authorization: `Bearer ${forged}` } }),
      401,
      'UNAUTHORIZED',
    );
  });
});

describe('role change and session revocation', () => {
  it("a role change refuses the user's issued access tokens at their next request (401 in the envelope); a refresh gives the new role", async () => {
    const user = await createUser(t, 'seller');
    const other = await login(t, user.email, user.password);
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    expect((await t.request({ method: 'POST', url: '/auth/me', headers: user.auth })).statusCode).toBe(200);
    const changed = await t.request({
      method: 'PATCH',
      url: `/auth/users/${user.id}/role`,
      headers: admin.auth,
      payload: { role: 'admin' },
    });
    expect(changed.json()).toMatchObject({ id: user.id, role: 'admin' });
    for (const token of [user.accessToken, other.accessToken]) {
      const refused = expectErrorEnvelope(
        await t.request({ method: 'POST', url: '/auth/me', headers: bearer(token) }),
        401,
        'UNAUTHORIZED',
      );
      expect(refused.message).toBe('Роль пользователя изменилась: обновите токен доступа');
    }
    const pair = (await t.request({ method: 'POST', url: '/auth/refresh', payload: { refreshToken: user.refreshToken } })).json();
    const me = await t.request({ method: 'POST', url: '/auth/me', headers: bearer(pair.accessToken) });
    expect(me.json()).toMatchObject({ id: user.id, role: 'admin' });
    expect((await t.request({ method: 'GET', url: '/users', headers: bearer(pair.accessToken) })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/users', headers: admin.auth })).statusCode).toBe(200);
  });

  it("a role set back makes tokens of that role work again, and a deleted user's tokens are refused", async () => {
    const user = await createUser(t, 'seller');
    const role = (value: string) =>
      t.request({ method: 'PATCH', url: `/auth/users/${user.id}/role`, headers: admin.auth, payload: { role: value } });
    await role('manager');
    expectErrorEnvelope(await t.request({ method: 'POST', url: '/auth/me', headers: user.auth }), 401, 'UNAUTHORIZED');
    await role('seller');
    expect((await t.request({ method: 'POST', url: '/auth/me', headers: user.auth })).statusCode).toBe(200);
    await t.app.get<Database>(DATABASE).update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    expectErrorEnvelope(await t.request({ method: 'POST', url: '/auth/me', headers: user.auth }), 401, 'UNAUTHORIZED');
  });

  it('revoke-sessions ends every refresh token of the user at once', async () => {
    const user = await createUser(t, 'seller');
    const other = await login(t, user.email, user.password);
    expect((await t.request({ method: 'POST', url: `/auth/users/${user.id}/revoke-sessions`, headers: admin.auth })).statusCode).toBe(204);
    for (const refreshToken of [user.refreshToken, other.refreshToken]) {
      expectErrorEnvelope(await t.request({ method: 'POST', url: '/auth/refresh', payload: { refreshToken } }), 401, 'UNAUTHORIZED');
    }
  });

  it('rejects an unknown role', async () => {
    const response = await t.request({
      method: 'PATCH',
      url: `/auth/users/${seller.id}/role`,
      headers: admin.auth,
      payload: { role: 'owner' },
    });
    expect(fieldErrors(expectErrorEnvelope(response, 400, 'VALIDATION_FAILED').details)).toEqual({ role: ['isIn'] });
  });
});

describe('data scope', () => {
  async function bodies(url: (id: string) => string) {
    const foreign = await t.request({ method: 'GET', url: url(sellerAccount), headers: otherSeller.auth });
    const missing = await t.request({ method: 'GET', url: url(MISSING), headers: otherSeller.auth });
    return { foreign, missing };
  }

  it('a foreign account answers 404 with the same body as one that does not exist (query)', async () => {
    const { foreign, missing } = await bodies((id) => `/audit-logs?mpAccountId=${id}`);
    const a = expectErrorEnvelope(foreign, 404, 'NOT_FOUND');
    const b = expectErrorEnvelope(missing, 404, 'NOT_FOUND');
    expect({ ...a, traceId: null }).toEqual({ ...b, traceId: null });
  });

  it('the same in a path parameter and in a body', async () => {
    const { foreign, missing } = await bodies((id) => `/__test__/accounts/${id}`);
    expect({ ...expectErrorEnvelope(foreign, 404, 'NOT_FOUND'), traceId: null }).toEqual({
      ...expectErrorEnvelope(missing, 404, 'NOT_FOUND'),
      traceId: null,
    });
    expectErrorEnvelope(
      await t.request({ method: 'POST', url: '/__test__/accounts', headers: otherSeller.auth, payload: { mpAccountId: sellerAccount } }),
      404,
      'NOT_FOUND',
    );
  });

  it('the owner and an admin reach the account; a manager without ownership does not', async () => {
    expect((await t.request({ method: 'GET', url: `/__test__/accounts/${sellerAccount}`, headers: seller.auth })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `/__test__/accounts/${sellerAccount}`, headers: admin.auth })).statusCode).toBe(200);
    expect(
      (await t.request({ method: 'POST', url: '/__test__/accounts', headers: seller.auth, payload: { mpAccountId: sellerAccount } }))
        .statusCode,
    ).toBe(200);
    expectErrorEnvelope(
      await t.request({ method: 'GET', url: `/__test__/accounts/${sellerAccount}`, headers: manager.auth }),
      404,
      'NOT_FOUND',
    );
  });

  it('a malformed account id is VALIDATION_FAILED', async () => {
    const response = await t.request({ method: 'GET', url: '/__test__/accounts/42', headers: seller.auth });
    expect(fieldErrors(expectErrorEnvelope(response, 400, 'VALIDATION_FAILED').details)).toEqual({ mpAccountId: ['isUUID'] });
  });
});

describe('brand access', () => {
  it('an admin grants a manager a brand; the brand guard then lets the manager in, and a revoke shuts it again', async () => {
    const brandUrl = `/__test__/brands/${sellerBrand}`;
    expectErrorEnvelope(await t.request({ method: 'GET', url: brandUrl, headers: manager.auth }), 404, 'NOT_FOUND');
    expect((await t.request({ method: 'GET', url: brandUrl, headers: seller.auth })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: brandUrl, headers: admin.auth })).statusCode).toBe(200);
    expectErrorEnvelope(await t.request({ method: 'GET', url: brandUrl, headers: otherSeller.auth }), 404, 'NOT_FOUND');

    const granted = await t.request({
      method: 'POST',
      url: '/brand-access',
      headers: admin.auth,
      payload: { userId: manager.id, brandId: sellerBrand },
    });
    expect(granted.statusCode).toBe(201);
    expect(granted.json()).toMatchObject({
      userId: manager.id,
      brandId: sellerBrand,
      brandName: 'Бренд А',
      mpAccountId: sellerAccount,
      grantedBy: admin.id,
    });
    const again = await t.request({
      method: 'POST',
      url: '/brand-access',
      headers: admin.auth,
      payload: { userId: manager.id, brandId: sellerBrand },
    });
    expect(again.json().id).toBe(granted.json().id);
    expect((await t.request({ method: 'GET', url: brandUrl, headers: manager.auth })).statusCode).toBe(200);

    const list = await t.request({ method: 'GET', url: `/brand-access?userId=${manager.id}`, headers: admin.auth });
    expect(list.json().meta.total).toBe(1);

    expect((await t.request({ method: 'DELETE', url: `/brand-access/${granted.json().id}`, headers: admin.auth })).statusCode).toBe(204);
    expectErrorEnvelope(await t.request({ method: 'GET', url: brandUrl, headers: manager.auth }), 404, 'NOT_FOUND');
    expectErrorEnvelope(
      await t.request({ method: 'DELETE', url: `/brand-access/${granted.json().id}`, headers: admin.auth }),
      404,
      'NOT_FOUND',
    );
  });

  it('grants only to managers, and only existing brands', async () => {
    expectErrorEnvelope(
      await t.request({ method: 'POST', url: '/brand-access', headers: admin.auth, payload: { userId: seller.id, brandId: sellerBrand } }),
      400,
      'BAD_REQUEST',
    );
    expectErrorEnvelope(
      await t.request({ method: 'POST', url: '/brand-access', headers: admin.auth, payload: { userId: manager.id, brandId: MISSING } }),
      404,
      'NOT_FOUND',
    );
  });

  it('a missing brand is 404 like a foreign one', async () => {
    expectErrorEnvelope(await t.request({ method: 'GET', url: `/__test__/brands/${MISSING}`, headers: seller.auth }), 404, 'NOT_FOUND');
  });
});

describe('GET /users', () => {
  it('lists users with role and text filters and the allowed sorts', async () => {
    const managers = await t.request({ method: 'GET', url: '/users?role=manager&sortBy=email&sortDirection=asc', headers: admin.auth });
    expect(managers.statusCode).toBe(200);
    expect(managers.json().items.every((user: { role: string }) => user.role === 'manager')).toBe(true);
    const byName = await t.request({
      method: 'GET',
      url: `/users?q=${encodeURIComponent(seller.email.slice(0, 14).toUpperCase())}`,
      headers: admin.auth,
    });
    expect(byName.json().items.map((user: { id: string }) => user.id)).toContain(seller.id);
    expect(JSON.stringify(byName.json())).not.toMatch(/password/i);
    expect(
      fieldErrors(
        expectErrorEnvelope(await t.request({ method: 'GET', url: '/users?sortBy=role', headers: admin.auth }), 400, 'VALIDATION_FAILED')
          .details,
      ),
    ).toEqual({ sortBy: ['isIn'] });
  });
});
