import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DATABASE, Database } from '../src/database/database.tokens';
import { auditLogs } from '../src/database/schema';
import { expectErrorEnvelope, fieldErrors } from './support/envelope';
import { createAccount, createUser, TestUser } from './support/identity';
import { startTestApp, TestApp } from './support/test-app';

const valid = (mpAccountId: string, extra: Record<string, unknown> = {}) => ({
  mpAccountId,
  name: 'Большой остаток',
  conditionMetric: 'stock_days',
  conditionOperator: 'gt',
  conditionValue: 60.5,
  actionType: 'percent',
  actionValue: -5.25,
  minPrice: 500,
  maxPrice: 5000,
  scope: 'sku',
  scopeValue: '123456',
  isActive: true,
  ...extra,
});

describe('repricer rules', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let accountId: string;

  const post = (payload: Record<string, unknown>, user: TestUser = owner) =>
    t.request({ method: 'POST', url: '/repricer/rules', payload, headers: user.auth });
  const patch = (id: string, payload: Record<string, unknown>, user: TestUser = owner) =>
    t.request({ method: 'PATCH', url: `/repricer/rules/${id}`, payload, headers: user.auth });
  const get = (id: string, user: TestUser = owner) => t.request({ method: 'GET', url: `/repricer/rules/${id}`, headers: user.auth });
  const remove = (id: string, user: TestUser = owner) => t.request({ method: 'DELETE', url: `/repricer/rules/${id}`, headers: user.auth });
  const list = (query: string, user: TestUser = owner) => t.request({ method: 'GET', url: `/repricer/rules?${query}`, headers: user.auth });

  async function created(extra: Record<string, unknown> = {}, mpAccountId = accountId): Promise<Record<string, unknown> & { id: string }> {
    const response = await post(valid(mpAccountId, extra));
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  async function rejected(response: Awaited<ReturnType<typeof post>>): Promise<Record<string, string[]>> {
    return fieldErrors(expectErrorEnvelope(response, 400, 'VALIDATION_FAILED').details);
  }

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createUser(t);
    stranger = await createUser(t);
    accountId = await createAccount(t, owner.id);
  });
  afterAll(() => t.close());

  it('creates a rule and answers every field with exact JSON numbers, plus id and timestamps', async () => {
    const rule = await created({ conditionValue: 12.3456, actionValue: 499.9999 });
    expect(rule).toEqual({
      ...valid(accountId, { conditionValue: 12.3456, actionValue: 499.9999 }),
      conditionLabel: null,
      id: expect.any(String),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await get(rule.id)).json()).toEqual(rule);
  });

  it('isActive defaults to true; minPrice, maxPrice are optional; always needs no threshold and stores none', async () => {
    const body = valid(accountId, { conditionOperator: 'always', conditionValue: 7 });
    for (const key of ['isActive', 'minPrice', 'maxPrice'] as const) delete body[key];
    const response = await post(body);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      isActive: true,
      minPrice: null,
      maxPrice: null,
      conditionOperator: 'always',
      conditionValue: null,
    });
  });

  it('absolute actions are whole non-zero roubles', async () => {
    expect((await created({ actionType: 'absolute', actionValue: -150 })).actionValue).toBe(-150);
    expect(await rejected(await post(valid(accountId, { actionType: 'absolute', actionValue: 0 })))).toEqual({
      actionValue: ['notEquals'],
    });
    expect(await rejected(await post(valid(accountId, { actionType: 'absolute', actionValue: 10.5 })))).toEqual({ actionValue: ['isInt'] });
  });

  it('percent actions are from -99 to 500', async () => {
    expect((await created({ actionValue: -99 })).actionValue).toBe(-99);
    expect((await created({ actionValue: 500 })).actionValue).toBe(500);
    expect(await rejected(await post(valid(accountId, { actionValue: -99.5 })))).toEqual({ actionValue: ['min'] });
    expect(await rejected(await post(valid(accountId, { actionValue: 500.01 })))).toEqual({ actionValue: ['max'] });
    expect(await rejected(await post(valid(accountId, { actionValue: '5' })))).toMatchObject({
      actionValue: expect.arrayContaining(['isNumber']),
    });
    expect(await rejected(await post(valid(accountId, { actionValue: 1.23456 })))).toMatchObject({
      actionValue: expect.arrayContaining(['isNumber']),
    });
  });

  it('metric, operator, action type and scope come from their sets', async () => {
    const errors = await rejected(
      await post(valid(accountId, { conditionMetric: 'views', conditionOperator: 'ne', actionType: 'fixed', scope: 'category' })),
    );
    expect(errors).toMatchObject({ conditionMetric: ['isIn'], conditionOperator: ['isIn'], actionType: ['isIn'], scope: ['isIn'] });
  });

  it('the threshold is required unless the operator is always', async () => {
    const body = valid(accountId);
    delete (body as Record<string, unknown>).conditionValue;
    expect(await rejected(await post(body))).toEqual({ conditionValue: ['isDefined'] });
    expect(await rejected(await post(valid(accountId, { conditionValue: null })))).toEqual({ conditionValue: ['isDefined'] });
  });

  it('minPrice and maxPrice are integers of at least 1 with minPrice not above maxPrice', async () => {
    expect(await rejected(await post(valid(accountId, { minPrice: 0, maxPrice: 10.5 })))).toEqual({
      minPrice: ['min'],
      maxPrice: ['isInt'],
    });
    expect(await rejected(await post(valid(accountId, { minPrice: 600, maxPrice: 500 })))).toEqual({ minPrice: ['notAboveMaxPrice'] });
    expect((await created({ minPrice: 500, maxPrice: 500 })).minPrice).toBe(500);
  });

  it('scopeValue: sku is an nmId string, brand a non-empty name, list a JSON array text of 1..1000 nmIds', async () => {
    for (const scopeValue of ['12a', '-5', '0', '1.5', ' 12'])
      expect(await rejected(await post(valid(accountId, { scopeValue })))).toEqual({ scopeValue: ['isNmId'] });
    expect(await rejected(await post(valid(accountId, { scope: 'brand', scopeValue: '   ' })))).toEqual({ scopeValue: ['isNotEmpty'] });
    expect(await rejected(await post(valid(accountId, { scope: 'brand', scopeValue: '' })))).toMatchObject({ scopeValue: ['isLength'] });
    expect((await created({ scope: 'brand', scopeValue: 'Бренд А' })).scopeValue).toBe('Бренд А');
    expect(await rejected(await post(valid(accountId, { scope: 'list', scopeValue: '12,13' })))).toEqual({ scopeValue: ['isJsonArray'] });
    expect(await rejected(await post(valid(accountId, { scope: 'list', scopeValue: '{"a":1}' })))).toEqual({ scopeValue: ['isJsonArray'] });
    expect(await rejected(await post(valid(accountId, { scope: 'list', scopeValue: '[]' })))).toEqual({ scopeValue: ['arrayMinSize'] });
    const tooMany = JSON.stringify(Array.from({ length: 1001 }, (_, index) => index + 1));
    expect(await rejected(await post(valid(accountId, { scope: 'list', scopeValue: tooMany })))).toEqual({ scopeValue: ['arrayMaxSize'] });
    for (const scopeValue of ['[1, 2.5]', '[1, "2"]', '[0]'])
      expect(await rejected(await post(valid(accountId, { scope: 'list', scopeValue })))).toEqual({ scopeValue: ['isNmId'] });
    const thousand = JSON.stringify(Array.from({ length: 1000 }, (_, index) => index + 1));
    expect((await created({ scope: 'list', scopeValue: thousand })).scopeValue).toBe(thousand);
  });

  it('scheduleIntervalHours and other unknown fields are rejected, and never returned', async () => {
    expect(await rejected(await post(valid(accountId, { scheduleIntervalHours: 6 })))).toEqual({
      scheduleIntervalHours: ['whitelistValidation'],
    });
    const rule = await created();
    expect(await rejected(await patch(rule.id, { scheduleIntervalHours: 6 }))).toEqual({ scheduleIntervalHours: ['whitelistValidation'] });
    expect(rule).not.toHaveProperty('scheduleIntervalHours');
  });

  it('PATCH changes only the given fields; the account cannot be changed', async () => {
    const rule = await created();
    const response = await patch(rule.id, { name: 'Новое имя', isActive: false });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ...rule, name: 'Новое имя', isActive: false, updatedAt: expect.any(String) });
    const otherAccount = await createAccount(t, owner.id, 'Второй');
    expect(await rejected(await patch(rule.id, { mpAccountId: otherAccount }))).toEqual({ mpAccountId: ['whitelistValidation'] });
    expect((await get(rule.id)).json().mpAccountId).toBe(accountId);
  });

  it('PATCH is checked against the stored rule: one price bound, the action type, the scope, the operator', async () => {
    const rule = await created({ minPrice: 500, maxPrice: 5000 });
    expect(await rejected(await patch(rule.id, { minPrice: 5001 }))).toEqual({ minPrice: ['notAboveMaxPrice'] });
    expect(await rejected(await patch(rule.id, { maxPrice: 499 }))).toEqual({ minPrice: ['notAboveMaxPrice'] });
    expect(await rejected(await patch(rule.id, { actionType: 'absolute' }))).toEqual({ actionValue: ['isInt'] });
    expect(await rejected(await patch(rule.id, { scope: 'list' }))).toEqual({ scopeValue: ['isJsonArray'] });
    expect(await rejected(await patch(rule.id, { conditionValue: null }))).toEqual({ conditionValue: ['isDefined'] });
    expect(await rejected(await patch(rule.id, { name: null, actionValue: null }))).toMatchObject({
      name: expect.arrayContaining(['isString']),
      actionValue: expect.arrayContaining(['isNumber']),
    });
    expect((await patch(rule.id, { maxPrice: null, minPrice: 6000 })).json()).toMatchObject({ minPrice: 6000, maxPrice: null });
    expect((await patch(rule.id, { conditionOperator: 'always' })).json()).toMatchObject({
      conditionOperator: 'always',
      conditionValue: null,
    });
    expect((await patch(rule.id, { actionType: 'absolute', actionValue: 100 })).json()).toMatchObject({
      actionType: 'absolute',
      actionValue: 100,
    });
  });

  it('keeps the form label of the metric the seller chose, which must name the rule’s metric; a new metric drops a label that does not', async () => {
    const chosen = await created({ conditionMetric: 'price_gap_pct', conditionLabel: 'current_price' });
    expect(chosen.conditionLabel).toBe('current_price');
    expect((await created()).conditionLabel).toBeNull();
    expect(await rejected(await post(valid(accountId, { conditionMetric: 'stock_days', conditionLabel: 'buyout_pct' })))).toEqual({
      conditionLabel: ['matchesConditionMetric'],
    });
    expect(await rejected(await post(valid(accountId, { conditionLabel: 'price' })))).toEqual({ conditionLabel: ['isIn'] });

    const relabelled = await patch(chosen.id, { conditionLabel: 'buyout_pct' });
    expect(relabelled.json().conditionLabel).toBe('buyout_pct');
    expect(await rejected(await patch(chosen.id, { conditionLabel: 'orders_7d' }))).toEqual({ conditionLabel: ['matchesConditionMetric'] });
    const remetered = await patch(chosen.id, { conditionMetric: 'sales_rank' });
    expect(remetered.json()).toMatchObject({ conditionMetric: 'sales_rank', conditionLabel: null });
    expect((await patch(chosen.id, { conditionMetric: 'stock_days', conditionLabel: 'marketplace_stock' })).json().conditionLabel).toBe(
      'marketplace_stock',
    );
  });

  it('DELETE is soft: 204, then 404 to GET, PATCH and DELETE, and gone from the list', async () => {
    const rule = await created();
    expect((await remove(rule.id)).statusCode).toBe(204);
    expectErrorEnvelope(await get(rule.id), 404, 'NOT_FOUND');
    expectErrorEnvelope(await patch(rule.id, { name: 'x' }), 404, 'NOT_FOUND');
    expectErrorEnvelope(await remove(rule.id), 404, 'NOT_FOUND');
    const ids = (await list(`mpAccountId=${accountId}&limit=100`)).json().items.map((item: { id: string }) => item.id);
    expect(ids).not.toContain(rule.id);
  });

  it("a foreign account's rules are 404 to every route, like a missing rule", async () => {
    const rule = await created();
    expectErrorEnvelope(await get(rule.id, stranger), 404, 'NOT_FOUND');
    expectErrorEnvelope(await patch(rule.id, { name: 'x' }, stranger), 404, 'NOT_FOUND');
    expectErrorEnvelope(await remove(rule.id, stranger), 404, 'NOT_FOUND');
    expectErrorEnvelope(await list(`mpAccountId=${accountId}`, stranger), 404, 'NOT_FOUND');
    expectErrorEnvelope(await post(valid(accountId), stranger), 404, 'NOT_FOUND');
    expectErrorEnvelope(await get('00000000-0000-4000-8000-000000000000'), 404, 'NOT_FOUND');
    expect((await get(rule.id)).statusCode).toBe(200);
  });

  it('lists an account’s rules with scope and isActive filters, sorted by createdAt (default, ascending) or name', async () => {
    const account = await createAccount(t, owner.id, 'Список');
    await created({ name: 'Б', scope: 'brand', scopeValue: 'Бренд' }, account);
    await created({ name: 'А', isActive: false }, account);
    const c = await created({ name: 'В', scope: 'list', scopeValue: '[1,2]' }, account);
    const names = async (query: string) => {
      const response = await list(`mpAccountId=${account}&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().items.map((item: { name: string }) => item.name);
    };
    expect(await names('')).toEqual(['Б', 'А', 'В']);
    expect(await names('sortBy=createdAt&sortDirection=desc')).toEqual(['В', 'А', 'Б']);
    expect(await names('sortBy=name')).toEqual(['А', 'Б', 'В']);
    expect(await names('scope=brand')).toEqual(['Б']);
    expect(await names('isActive=false')).toEqual(['А']);
    expect(await names('isActive=true&scope=list')).toEqual(['В']);
    const page = (await list(`mpAccountId=${account}&limit=2&page=2`)).json();
    expect(page.items.map((item: { id: string }) => item.id)).toEqual([c.id]);
    expect(page.meta).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(await rejected(await list(`mpAccountId=${account}&sortBy=actionValue`))).toEqual({ sortBy: ['isIn'] });
    expect(await rejected(await list('scope=sku'))).toMatchObject({ mpAccountId: expect.arrayContaining(['isUUID']) });
  });

  it('q finds rules by a substring of the name, case-insensitively and literally, past the first page', async () => {
    const account = await createAccount(t, owner.id, 'Поиск');
    for (let i = 1; i <= 3; i++) await created({ name: `Летние платья ${i}` }, account);
    await created({ name: 'Зимние 100%_скидки' }, account);
    const names = async (query: string) => {
      const response = await list(`mpAccountId=${account}&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().items.map((item: { name: string }) => item.name);
    };
    expect(await names('q=ЛЕТНИЕ&limit=1&page=3')).toEqual(['Летние платья 3']);
    expect(await names(`q=${encodeURIComponent('0%_')}`)).toEqual(['Зимние 100%_скидки']);
    expect(await names('q=%25')).toEqual(['Зимние 100%_скидки']);
    expect(await names('q=осень')).toEqual([]);
    expect(await rejected(await list(`mpAccountId=${account}&q=${'я'.repeat(201)}`))).toEqual({ q: ['isLength'] });
  });

  it('writes create, update and delete to the audit log with the actor, the account, the rule and the request, and nothing for a refused change', async () => {
    const account = await createAccount(t, owner.id, 'Аудит');
    const rule = await created({ name: 'До' }, account);
    expect((await patch(rule.id, { name: 'После', actionValue: -7 })).statusCode).toBe(200);
    await rejected(await patch(rule.id, { actionValue: 900 }));
    expectErrorEnvelope(await remove(rule.id, stranger), 404, 'NOT_FOUND');
    const deleted = await remove(rule.id);
    expect(deleted.statusCode).toBe(204);
    const records = await t.app
      .get<Database>(DATABASE)
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.mpAccountId, account))
      .orderBy(auditLogs.createdAt);
    expect(records.map((record) => [record.action, record.userId, record.entityType, record.entityId])).toEqual([
      ['repricer.rule.create', owner.id, 'repricer-rule', rule.id],
      ['repricer.rule.update', owner.id, 'repricer-rule', rule.id],
      ['repricer.rule.delete', owner.id, 'repricer-rule', rule.id],
    ]);
    expect(records[0].details).toEqual({ rule: expect.objectContaining({ name: 'До', scope: 'sku', actionValue: -5.25 }) });
    expect(records[1].details).toEqual({
      changed: ['name', 'actionValue'],
      rule: expect.objectContaining({ name: 'После', actionValue: -7 }),
    });
    expect(records[2].details).toEqual({ name: 'После' });
    expect(records[2].requestId).toBe(deleted.headers['x-request-id']);
    const audit = await t.request({ method: 'GET', url: `/audit-logs?mpAccountId=${account}`, headers: owner.auth });
    expect(
      audit
        .json()
        .items.map((record: { action: string }) => record.action)
        .sort(),
    ).toEqual(['repricer.rule.create', 'repricer.rule.delete', 'repricer.rule.update']);
  });

  it('the table of rules carries the service schedule, which no rule can set (engine rule 7)', async () => {
    const account = await createAccount(t, owner.id, 'Расписание');
    for (const query of ['', 'scope=list&isActive=false&page=3']) {
      const response = await list(`mpAccountId=${account}&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().schedule).toEqual({ everyMinutes: 30, settable: false });
    }
    await created({}, account);
    const page = (await list(`mpAccountId=${account}`)).json();
    expect(Object.keys(page).sort()).toEqual(['items', 'meta', 'schedule']);
    expect(page.items[0]).not.toHaveProperty('scheduleIntervalHours');
  });
});
