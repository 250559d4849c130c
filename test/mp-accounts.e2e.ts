import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SealedSecretError } from '../src/common/crypto/key-ring';
import { DATABASE, Database } from '../src/database/database.tokens';
import { auditLogs, mpAccounts } from '../src/database/schema';
import { AccountKeySource } from '../src/marketplace/account-key.source';
import { MpAccountKeyEvents, MpAccountKeySet } from '../src/modules/mp-accounts/mp-account-key.events';
import { API_KEY_FORMAT } from '../src/modules/mp-accounts/mp-accounts.dto';
import { expectErrorEnvelope, fieldErrors } from './support/envelope';
import { createUser, TestUser } from './support/identity';
import { captureLogs } from './support/log-capture';
import { startTestApp, TestApp } from './support/test-app';

const { lines: logLines, rootLogger } = captureLogs();

let t: TestApp;
let db: Database;
let admin: TestUser;
let seller: TestUser;
let otherSeller: TestUser;
let manager: TestUser;
const keyEvents: MpAccountKeySet[] = [];
/** Every key sent in this file: none may come back in a response, log line, audit record or the table. */
const sentKeys: string[] = [];

const MISSING = '6b1f3c9e-8d2a-4e4b-9c1d-2f3a4b5c6d7e';

function newKey(tail = 'Zx9Q'): string {
  const key = `eyJhbGciOiJFUzI1NiIsImtpZCI6IjIwMjQifQ.${Math.random().toString(36).slice(2)}${'p'.repeat(600)}.sig-${tail}`;
  sentKeys.push(key);
  return key;
}

/** The key must not appear whole, nor any piece of it longer than its last 4 characters. */
function expectNoKey(text: string): void {
  for (const key of sentKeys) {
    expect(text).not.toContain(key);
    expect(text).not.toContain(key.slice(0, -4));
    expect(text).not.toContain(key.slice(-12, -4));
  }
}

const responses: LightMyRequestResponse[] = [];
async function call(options: Parameters<TestApp['request']>[0]): Promise<LightMyRequestResponse> {
  const response = await t.request(options);
  responses.push(response);
  return response;
}

async function create(user: TestUser, payload: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await call({ method: 'POST', url: '/mp-accounts', headers: user.auth, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

beforeAll(async () => {
  t = await startTestApp({ rootLogger });
  db = t.app.get<Database>(DATABASE);
  t.app.get(MpAccountKeyEvents).onKeySet((event) => {
    keyEvents.push(event);
  });
  [admin, seller, otherSeller, manager] = await Promise.all([
    createUser(t, 'admin'),
    createUser(t, 'seller'),
    createUser(t, 'seller'),
    createUser(t, 'manager'),
  ]);
});
afterAll(() => t.close());

describe('POST /mp-accounts', () => {
  it('creates an account owned by the caller and answers without the key', async () => {
    const apiKey = newKey('AbC1');
    const response = await call({
      method: 'POST',
      url: '/mp-accounts',
      headers: seller.auth,
      payload: { name: '  Основной кабинет ', apiKey },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['createdAt', 'id', 'isActive', 'keyLast4', 'keyUpdatedAt', 'name', 'updatedAt']);
    expect(body).toMatchObject({ name: 'Основной кабинет', isActive: true, keyLast4: 'AbC1' });
    expect(response.body).not.toContain(apiKey);
    const [row] = await db.select().from(mpAccounts).where(eq(mpAccounts.id, body.id));
    expect(row.ownerId).toBe(seller.id);
    expect(row.keyId).toBe(t.config.encryption.activeKeyId);
    expect(await t.app.get(AccountKeySource).plaintextKey(body.id)).toBe(apiKey);
  });

  it('takes isActive', async () => {
    expect(await create(seller, { name: 'Выключенный', apiKey: newKey(), isActive: false })).toMatchObject({ isActive: false });
  });

  it('a key that does not fit is refused with a message naming the expected format; other fields keep the plain message', async () => {
    for (const apiKey of ['short-key-1234', 'with space-in-the-key']) {
      const response = await call({ method: 'POST', url: '/mp-accounts', headers: seller.auth, payload: { name: 'Кабинет', apiKey } });
      expect(expectErrorEnvelope(response, 400, 'VALIDATION_FAILED').message).toBe(`Ошибка валидации входных данных: ${API_KEY_FORMAT}`);
    }
    const badName = await call({ method: 'POST', url: '/mp-accounts', headers: seller.auth, payload: { name: '', apiKey: newKey() } });
    expect(expectErrorEnvelope(badName, 400, 'VALIDATION_FAILED').message).toBe('Ошибка валидации входных данных');
  });

  it('rejects bad fields with their rule names, unknown fields included', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{}, { name: ['isLength', 'isString'], apiKey: ['isLength', 'isString', 'matches'] }],
      [{ name: '   ', apiKey: newKey() }, { name: ['isLength'] }],
      [{ name: 'x'.repeat(201), apiKey: newKey() }, { name: ['isLength'] }],
      [{ name: 'Кабинет', apiKey: '' }, { apiKey: ['isLength', 'matches'] }],
      [{ name: 'Кабинет', apiKey: 'with space-in-the-key' }, { apiKey: ['matches'] }],
      [{ name: 'Кабинет', apiKey: 'short-key-1234' }, { apiKey: ['isLength'] }],
      [{ name: 'Кабинет', apiKey: 'k'.repeat(4097) }, { apiKey: ['isLength'] }],
      [{ name: 'Кабинет', apiKey: newKey(), isActive: 'true' }, { isActive: ['isBoolean'] }],
      [{ name: 'Кабинет', apiKey: newKey(), ownerId: otherSeller.id }, { ownerId: ['whitelistValidation'] }],
    ];
    for (const [payload, errors] of cases) {
      const response = await call({ method: 'POST', url: '/mp-accounts', headers: seller.auth, payload });
      expect(fieldErrors(expectErrorEnvelope(response, 400, 'VALIDATION_FAILED').details), JSON.stringify(payload).slice(0, 80)).toEqual(
        errors,
      );
    }
  });

  it('accepts a key of 4096 characters', async () => {
    const apiKey = `${'j'.repeat(4092)}LAST`;
    sentKeys.push(apiKey);
    expect(await create(seller, { name: 'Длинный ключ', apiKey })).toMatchObject({ keyLast4: 'LAST' });
  });

  it('needs an access token', async () => {
    expectErrorEnvelope(
      await call({ method: 'POST', url: '/mp-accounts', payload: { name: 'Кабинет', apiKey: newKey() } }),
      401,
      'UNAUTHORIZED',
    );
  });
});

describe('reading accounts', () => {
  let mine: string;
  let managers: string;
  let others: string;

  beforeAll(async () => {
    mine = (await create(seller, { name: 'Б кабинет продавца', apiKey: newKey() })).id as string;
    managers = (await create(manager, { name: 'В кабинет менеджера', apiKey: newKey() })).id as string;
    others = (await create(otherSeller, { name: 'А кабинет другого', apiKey: newKey() })).id as string;
  });

  async function listIds(user: TestUser, query = ''): Promise<string[]> {
    const response = await call({ method: 'GET', url: `/mp-accounts?limit=100${query}`, headers: user.auth });
    expect(response.statusCode).toBe(200);
    return response.json().items.map((item: { id: string }) => item.id);
  }

  it("lists only the caller's own accounts to a seller or a manager, every account to an admin", async () => {
    expect(await listIds(seller)).toContain(mine);
    expect(await listIds(seller)).not.toContain(others);
    expect(await listIds(manager)).toEqual([managers]);
    expect(await listIds(admin)).toEqual(expect.arrayContaining([mine, managers, others]));
  });

  it('pages and sorts by name or createdAt', async () => {
    const page = await call({ method: 'GET', url: '/mp-accounts?limit=2&page=1&sortBy=name&sortDirection=asc', headers: admin.auth });
    const body = page.json();
    expect(body.items).toHaveLength(2);
    expect(body.meta).toMatchObject({ page: 1, limit: 2, hasPrev: false, hasNext: true });
    expect(body.meta.total).toBeGreaterThanOrEqual(3);
    expect(body.items[0].name.localeCompare(body.items[1].name, 'en')).toBeLessThanOrEqual(0);
    const newest = await call({ method: 'GET', url: '/mp-accounts?limit=1', headers: otherSeller.auth });
    expect(newest.json().items[0].id).toBe(others);
    for (const query of ['sortBy=isActive', 'limit=101', 'page=0', 'sortDirection=up']) {
      expectErrorEnvelope(await call({ method: 'GET', url: `/mp-accounts?${query}`, headers: seller.auth }), 400, 'VALIDATION_FAILED');
    }
  });

  it('GET /mp-accounts/:id answers the owner and an admin; another user and a missing id get the same 404', async () => {
    expect((await call({ method: 'GET', url: `/mp-accounts/${mine}`, headers: seller.auth })).json()).toMatchObject({
      id: mine,
      name: 'Б кабинет продавца',
    });
    expect((await call({ method: 'GET', url: `/mp-accounts/${mine}`, headers: admin.auth })).statusCode).toBe(200);
    const foreign = expectErrorEnvelope(
      await call({ method: 'GET', url: `/mp-accounts/${mine}`, headers: otherSeller.auth }),
      404,
      'NOT_FOUND',
    );
    const missing = expectErrorEnvelope(
      await call({ method: 'GET', url: `/mp-accounts/${MISSING}`, headers: otherSeller.auth }),
      404,
      'NOT_FOUND',
    );
    expect({ ...foreign, traceId: null }).toEqual({ ...missing, traceId: null });
    expectErrorEnvelope(await call({ method: 'GET', url: `/mp-accounts/${mine}`, headers: manager.auth }), 404, 'NOT_FOUND');
    const malformed = await call({ method: 'GET', url: '/mp-accounts/42', headers: seller.auth });
    expect(fieldErrors(expectErrorEnvelope(malformed, 400, 'VALIDATION_FAILED').details)).toEqual({ id: ['isUUID'] });
  });

  it('PATCH and DELETE of a foreign account are 404 and change nothing', async () => {
    expectErrorEnvelope(
      await call({ method: 'PATCH', url: `/mp-accounts/${mine}`, headers: otherSeller.auth, payload: { name: 'Чужое' } }),
      404,
      'NOT_FOUND',
    );
    expectErrorEnvelope(await call({ method: 'DELETE', url: `/mp-accounts/${mine}`, headers: otherSeller.auth }), 404, 'NOT_FOUND');
    expect((await call({ method: 'GET', url: `/mp-accounts/${mine}`, headers: seller.auth })).json()).toMatchObject({
      name: 'Б кабинет продавца',
    });
  });
});

describe('PATCH /mp-accounts/:id', () => {
  it('changes the name and isActive without touching the key', async () => {
    const apiKey = newKey('nAmE');
    const created = await create(seller, { name: 'До', apiKey });
    const response = await call({
      method: 'PATCH',
      url: `/mp-accounts/${created.id}`,
      headers: seller.auth,
      payload: { name: 'После', isActive: false },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: created.id,
      name: 'После',
      isActive: false,
      keyLast4: 'nAmE',
      keyUpdatedAt: created.keyUpdatedAt,
    });
    expect(new Date(response.json().updatedAt).getTime()).toBeGreaterThan(new Date(created.updatedAt as string).getTime());
    expect(await t.app.get(AccountKeySource).plaintextKey(created.id as string)).toBe(apiKey);
  });

  it('a new key is sealed again under the active key and sets keyUpdatedAt', async () => {
    const created = await create(seller, { name: 'Смена ключа', apiKey: newKey('0ld0') });
    const apiKey = newKey('n3w1');
    const response = await call({ method: 'PATCH', url: `/mp-accounts/${created.id}`, headers: admin.auth, payload: { apiKey } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Смена ключа', keyLast4: 'n3w1' });
    expect(new Date(response.json().keyUpdatedAt).getTime()).toBeGreaterThan(new Date(created.keyUpdatedAt as string).getTime());
    expect(response.body).not.toContain(apiKey);
    expect(await t.app.get(AccountKeySource).plaintextKey(created.id as string)).toBe(apiKey);
  });

  it('validates like create', async () => {
    const created = await create(seller, { name: 'Проверка', apiKey: newKey() });
    const response = await call({
      method: 'PATCH',
      url: `/mp-accounts/${created.id}`,
      headers: seller.auth,
      payload: { name: '', apiKey: 'a b', isActive: 1, keyLast4: 'abcd' },
    });
    expect(fieldErrors(expectErrorEnvelope(response, 400, 'VALIDATION_FAILED').details)).toEqual({
      name: ['isLength'],
      apiKey: ['isLength', 'matches'],
      isActive: ['isBoolean'],
      keyLast4: ['whitelistValidation'],
    });
  });
});

describe('DELETE /mp-accounts/:id', () => {
  it('soft-deletes: 204, then 404 for GET, PATCH, DELETE and its scoped routes, gone from lists, the row kept with deletedAt', async () => {
    const created = await create(seller, { name: 'Удаляемый', apiKey: newKey() });
    const url = `/mp-accounts/${created.id}`;
    // An account-scoped route read just before the deletion (its owner is remembered for it) is 404 right after.
    const products = `/catalog/products?mpAccountId=${created.id}`;
    expect((await call({ method: 'GET', url: products, headers: seller.auth })).statusCode).toBe(200);
    const deleted = await call({ method: 'DELETE', url, headers: seller.auth });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expectErrorEnvelope(await call({ method: 'GET', url, headers: seller.auth }), 404, 'NOT_FOUND');
    expectErrorEnvelope(await call({ method: 'GET', url, headers: admin.auth }), 404, 'NOT_FOUND');
    expectErrorEnvelope(await call({ method: 'GET', url: products, headers: seller.auth }), 404, 'NOT_FOUND');
    expectErrorEnvelope(await call({ method: 'PATCH', url, headers: seller.auth, payload: { name: 'Снова' } }), 404, 'NOT_FOUND');
    expectErrorEnvelope(await call({ method: 'DELETE', url, headers: seller.auth }), 404, 'NOT_FOUND');
    const list = await call({ method: 'GET', url: '/mp-accounts?limit=100', headers: admin.auth });
    expect(list.json().items.map((item: { id: string }) => item.id)).not.toContain(created.id);
    const [row] = await db
      .select({ deletedAt: mpAccounts.deletedAt, name: mpAccounts.name })
      .from(mpAccounts)
      .where(eq(mpAccounts.id, created.id as string));
    expect(row).toMatchObject({ name: 'Удаляемый', deletedAt: expect.any(Date) });
  });
});

describe('audit records', () => {
  it("records create, update and delete with the actor and the account; the owner sees an admin's change", async () => {
    const created = await create(seller, { name: 'Аудит', apiKey: newKey() });
    const id = created.id as string;
    await call({ method: 'PATCH', url: `/mp-accounts/${id}`, headers: admin.auth, payload: { apiKey: newKey(), isActive: false } });
    const ownersView = await call({ method: 'GET', url: `/audit-logs?mpAccountId=${id}`, headers: seller.auth });
    expect(
      ownersView
        .json()
        .items.map((record: { action: string }) => record.action)
        .sort(),
    ).toEqual(['mp-account.create', 'mp-account.update']);
    await call({ method: 'DELETE', url: `/mp-accounts/${id}`, headers: seller.auth });
    const records = await db.select().from(auditLogs).where(eq(auditLogs.mpAccountId, id)).orderBy(auditLogs.createdAt);
    expect(records.map((record) => [record.action, record.userId, record.entityId])).toEqual([
      ['mp-account.create', seller.id, id],
      ['mp-account.update', admin.id, id],
      ['mp-account.delete', seller.id, id],
    ]);
    expect(records[1].details).toEqual({ isActive: false, keyChanged: true });
  });
});

describe('key events', () => {
  it('fire after create (connected) and after a key change (key-changed), not after a name or isActive change', async () => {
    const created = await create(seller, { name: 'События', apiKey: newKey() });
    const id = created.id as string;
    const forAccount = () => keyEvents.filter((event) => event.accountId === id);
    expect(forAccount()).toEqual([{ accountId: id, reason: 'connected' }]);
    await call({ method: 'PATCH', url: `/mp-accounts/${id}`, headers: seller.auth, payload: { name: 'События 2', isActive: false } });
    expect(forAccount()).toHaveLength(1);
    await call({ method: 'PATCH', url: `/mp-accounts/${id}`, headers: seller.auth, payload: { apiKey: newKey() } });
    expect(forAccount()).toEqual([
      { accountId: id, reason: 'connected' },
      { accountId: id, reason: 'key-changed' },
    ]);
  });

  it('a failing listener does not fail the request', async () => {
    const events = t.app.get(MpAccountKeyEvents);
    events.onKeySet(() => {
      throw new Error('listener down');
    });
    const created = await create(seller, { name: 'Слушатель падает', apiKey: newKey() });
    expect(keyEvents.some((event) => event.accountId === created.id)).toBe(true);
    expect(logLines.join('')).toContain('account key listener failed');
  });
});

describe('sealed storage', () => {
  it('a key copied from account A to account B (ciphertext, nonce, tag, key id) does not open for B', async () => {
    const keyA = newKey('AAAA');
    const a = (await create(seller, { name: 'A', apiKey: keyA })).id as string;
    const b = (await create(seller, { name: 'B', apiKey: newKey('BBBB') })).id as string;
    await db.execute(sql`
      update mp_accounts b set key_id = a.key_id, key_nonce = a.key_nonce, key_ciphertext = a.key_ciphertext, key_tag = a.key_tag
      from mp_accounts a where a.id = ${a} and b.id = ${b}`);
    const keys = t.app.get(AccountKeySource);
    await expect(keys.plaintextKey(b)).rejects.toThrow(SealedSecretError);
    expect(await keys.plaintextKey(a)).toBe(keyA);
  });

  it('the accounts table holds no key in the clear (raw rows as text, bytea as hex)', async () => {
    const result = await db.execute<{ row: string }>(sql`select t::text as row from mp_accounts t`);
    expect(result.rows.length).toBeGreaterThan(5);
    const table = result.rows.map((r) => r.row).join('\n');
    expectNoKey(table);
    for (const key of sentKeys) expect(table).not.toContain(Buffer.from(key.slice(0, 32)).toString('hex'));
  });

  it('no response body, log line or audit record of this file carries a key', async () => {
    expect(responses.length).toBeGreaterThan(30);
    expectNoKey(responses.map((response) => response.body).join('\n'));
    expect(logLines.length).toBeGreaterThan(0);
    expectNoKey(logLines.join(''));
    const audit = await db.execute<{ row: string }>(sql`select t::text as row from audit_logs t`);
    expectNoKey(audit.rows.map((r) => r.row).join('\n'));
  });
});
