import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { AuditService } from '../src/modules/audit/audit.service';
import { NotificationsService } from '../src/modules/notifications/notifications.service';
import { expectErrorEnvelope } from './support/envelope';
import { createAccount, createUser, TestUser } from './support/identity';
import { startTestApp, TestApp } from './support/test-app';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await startTestApp({ env: { AUTH_MAX_FAILED_ATTEMPTS: '2' } });
  admin = await createUser(t, 'admin');
});
afterAll(() => t.close());

async function auditOf(action: string, query = ''): Promise<Record<string, unknown>[]> {
  const response = await t.request({ method: 'GET', url: `/audit-logs?action=${action}&limit=100${query}`, headers: admin.auth });
  expect(response.statusCode).toBe(200);
  return response.json().items;
}

describe('audit records of auth actions', () => {
  it('auth.register, auth.login.failed and auth.lockout with who, request id and IP', async () => {
    const user = await createUser(t);
    const registered = await auditOf('auth.register', `&userId=${user.id}`);
    expect(registered).toHaveLength(1);
    expect(registered[0]).toMatchObject({ userId: user.id, entityType: 'user', entityId: user.id, ip: '127.0.0.1' });
    expect(registered[0].requestId).toEqual(expect.any(String));

    for (let i = 0; i < 2; i += 1)
      await t.request({
        method: 'POST',
        url: '/auth/login',
        headers: { 'x-request-id': `fail-${user.id}-${i}` },
        payload: { email: user.email, password: 'Wrong-pass-1' },
      });
    const failed = await auditOf('auth.login.failed', `&userId=${user.id}`);
    expect(failed.map((row) => row.requestId).sort()).toEqual([`fail-${user.id}-0`, `fail-${user.id}-1`]);
    expect(failed[0].details).toEqual({ reason: 'wrong-password' });
    const lockout = await auditOf('auth.lockout', `&userId=${user.id}`);
    expect(lockout).toHaveLength(1);
    expect(lockout[0].requestId).toBe(`fail-${user.id}-1`);
  });

  it('auth.role.change, auth.sessions.revoke (by the admin) and auth.refresh.reuse', async () => {
    const user = await createUser(t);
    await t.request({ method: 'PATCH', url: `/auth/users/${user.id}/role`, headers: admin.auth, payload: { role: 'manager' } });
    await t.request({ method: 'POST', url: `/auth/users/${user.id}/revoke-sessions`, headers: admin.auth });
    const change = (await auditOf('auth.role.change')).find((row) => row.entityId === user.id);
    expect(change).toMatchObject({ userId: admin.id, details: { from: 'seller', to: 'manager' } });
    const revoke = (await auditOf('auth.sessions.revoke')).find((row) => row.entityId === user.id);
    expect(revoke).toMatchObject({ userId: admin.id, details: { revoked: 1 } });

    const other = await createUser(t);
    await t.request({ method: 'POST', url: '/auth/refresh', payload: { refreshToken: other.refreshToken } });
    await t.request({ method: 'POST', url: '/auth/refresh', payload: { refreshToken: other.refreshToken } });
    expect(await auditOf('auth.refresh.reuse', `&userId=${other.id}`)).toHaveLength(1);
  });
});

describe('GET /audit-logs', () => {
  it("a seller sees records of their own accounts and of themselves, not others'; admin sees all; newest first", async () => {
    const [seller, other] = await Promise.all([createUser(t), createUser(t)]);
    const [mine, theirs] = await Promise.all([createAccount(t, seller.id), createAccount(t, other.id)]);
    const audit = t.app.get(AuditService);
    await audit.record({ action: 'test.first', mpAccountId: mine, userId: admin.id });
    await audit.record({ action: 'test.second', mpAccountId: mine, userId: admin.id });
    await audit.record({ action: 'test.second', mpAccountId: theirs, userId: other.id });

    const seen = (await t.request({ method: 'GET', url: '/audit-logs?limit=100', headers: seller.auth })).json().items as {
      action: string;
      mpAccountId: string;
      userId: string;
    }[];
    expect(seen.filter((row) => row.action.startsWith('test.')).map((row) => row.action)).toEqual(['test.second', 'test.first']);
    expect(seen.every((row) => row.mpAccountId === mine || row.userId === seller.id)).toBe(true);
    expect(seen.some((row) => row.action === 'auth.register')).toBe(true);

    const all = (await t.request({ method: 'GET', url: '/audit-logs?action=test.second', headers: admin.auth })).json();
    expect(all.meta.total).toBe(2);
    const filtered = (
      await t.request({
        method: 'GET',
        url: `/audit-logs?mpAccountId=${mine}&from=2000-01-01T00:00:00Z&to=2999-01-01T00:00:00Z`,
        headers: seller.auth,
      })
    ).json();
    expect(filtered.meta.total).toBe(2);
    expectErrorEnvelope(
      await t.request({ method: 'GET', url: `/audit-logs?mpAccountId=${theirs}`, headers: seller.auth }),
      404,
      'NOT_FOUND',
    );
  });

  it('a failed audit write is logged and does not fail the caller', async () => {
    const audit = t.app.get(AuditService);
    await expect(audit.record({ action: 'test.bad-account', mpAccountId: 'not-a-uuid' })).resolves.toBeUndefined();
  });
});

describe('notifications', () => {
  it('lists own notifications newest first with the unread filter and count; read and read-all', async () => {
    const [user, other] = await Promise.all([createUser(t), createUser(t)]);
    const notifications = t.app.get(NotificationsService);
    const first = await notifications.notify(user.id, {
      type: 'import.finished',
      title: 'Импорт завершён',
      body: 'Загружено 10 заказов',
      payload: { orders: 10 },
    });
    await notifications.notify(user.id, { type: 'sync.failed', title: 'Синхронизация не удалась', body: 'Ключ отклонён' });
    const foreign = await notifications.notify(other.id, { type: 'import.finished', title: 'Чужое', body: 'x' });

    const list = (await t.request({ method: 'GET', url: '/notifications', headers: user.auth })).json();
    expect(list.items.map((n: { type: string }) => n.type)).toEqual(['sync.failed', 'import.finished']);
    expect(list.items[1]).toMatchObject({ id: first.id, payload: { orders: 10 }, readAt: null });
    expect((await t.request({ method: 'GET', url: '/notifications/unread-count', headers: user.auth })).json()).toEqual({ count: 2 });

    const read = await t.request({ method: 'POST', url: `/notifications/${first.id}/read`, headers: user.auth });
    expect(read.statusCode).toBe(200);
    expect(read.json().readAt).not.toBeNull();
    expect((await t.request({ method: 'GET', url: '/notifications?unread=true', headers: user.auth })).json().meta.total).toBe(1);
    expect((await t.request({ method: 'GET', url: '/notifications?unread=false', headers: user.auth })).json().items[0].id).toBe(first.id);

    expectErrorEnvelope(
      await t.request({ method: 'POST', url: `/notifications/${foreign.id}/read`, headers: user.auth }),
      404,
      'NOT_FOUND',
    );
    expect((await t.request({ method: 'POST', url: '/notifications/read-all', headers: user.auth })).json()).toEqual({ updated: 1 });
    expect((await t.request({ method: 'GET', url: '/notifications/unread-count', headers: user.auth })).json()).toEqual({ count: 0 });
    expect((await t.request({ method: 'GET', url: '/notifications/unread-count', headers: other.auth })).json()).toEqual({ count: 1 });
  });

  it('kind and mpAccountId narrow the list to one kind of notification about one cabinet; a foreign cabinet is 404', async () => {
    const [user, other] = await Promise.all([createUser(t), createUser(t)]);
    const [mine, second, theirs] = await Promise.all([
      createAccount(t, user.id),
      createAccount(t, user.id, 'Второй'),
      createAccount(t, other.id, 'Чужой'),
    ]);
    const notifications = t.app.get(NotificationsService);
    const notify = (type: string, mpAccountId: string) =>
      notifications.notify(user.id, { type, title: 'Импорт', body: 'Текст', payload: { jobId: '1', mpAccountId } });
    const failed = await notify('import.failed', mine);
    await notify('import.finished', mine);
    await notify('import.failed', second);
    const list = async (query: string) => (await t.request({ method: 'GET', url: `/notifications?${query}`, headers: user.auth })).json();
    expect((await list('kind=import.failed')).meta.total).toBe(2);
    const exact = await list(`kind=import.failed&mpAccountId=${mine}&unread=true`);
    expect(exact.items.map((n: { id: string }) => n.id)).toEqual([failed.id]);
    expect(exact.meta.total).toBe(1);
    expect((await list(`mpAccountId=${mine}`)).meta.total).toBe(2);
    const foreign = await t.request({ method: 'GET', url: `/notifications?mpAccountId=${theirs}`, headers: user.auth });
    expectErrorEnvelope(foreign, 404, 'NOT_FOUND');
    const bad = await t.request({ method: 'GET', url: '/notifications?kind=sync.failed&mpAccountId=x', headers: user.auth });
    expect(expectErrorEnvelope(bad, 400, 'VALIDATION_FAILED').details).toEqual(
      expect.arrayContaining([
        { field: 'kind', errors: ['isIn'] },
        { field: 'mpAccountId', errors: ['isUUID'] },
      ]),
    );
  });
});
