import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { expectErrorEnvelope } from './support/envelope';
import { createAccount, createUser, TestUser } from './support/identity';
import { startTestApp, TestApp } from './support/test-app';

let t: TestApp;
let seller: TestUser;
let accountId: string;

beforeAll(async () => {
  t = await startTestApp();
  seller = await createUser(t);
  accountId = await createAccount(t, seller.id, 'Кабинет');
});
afterAll(() => t.close());

function patch(url: string, payload: Record<string, unknown>) {
  return t.request({ method: 'PATCH', url, headers: seller.auth, payload });
}

describe('null for an optional field of a PATCH', () => {
  it.each([['name'], ['isActive'], ['apiKey']])('an account %s: null is VALIDATION_FAILED and changes nothing', async (field) => {
    const response = await patch(`/mp-accounts/${accountId}`, { [field]: null });
    const details = expectErrorEnvelope(response, 400, 'VALIDATION_FAILED').details as { field: string }[];
    expect(details.map((detail) => detail.field)).toEqual([field]);
    const account = (await t.request({ method: 'GET', url: `/mp-accounts/${accountId}`, headers: seller.auth })).json();
    expect(account).toMatchObject({ name: 'Кабинет', isActive: true });
  });

  it('a profile displayName: null is VALIDATION_FAILED', async () => {
    const response = await patch('/auth/me', { displayName: null });
    expect(expectErrorEnvelope(response, 400, 'VALIDATION_FAILED').details).toEqual([
      { field: 'displayName', errors: ['isString', 'isLength'] },
    ]);
  });

  it('a repricer rule: isActive: null is VALIDATION_FAILED, minPrice: null clears the bound', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/repricer/rules',
      headers: seller.auth,
      payload: {
        mpAccountId: accountId,
        name: 'Правило',
        conditionMetric: 'stock_days',
        conditionOperator: 'always',
        actionType: 'percent',
        actionValue: -5,
        minPrice: 500,
        scope: 'sku',
        scopeValue: '123456',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json();
    const refused = await patch(`/repricer/rules/${id}`, { isActive: null });
    expect(expectErrorEnvelope(refused, 400, 'VALIDATION_FAILED').details).toEqual([{ field: 'isActive', errors: ['isBoolean'] }]);
    const cleared = await patch(`/repricer/rules/${id}`, { minPrice: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ minPrice: null, isActive: true });
  });
});

describe('a body that is not an object', () => {
  it.each(['null', '[]', '"name"', '42'])('%s as a PATCH body is VALIDATION_FAILED (isObject), not an empty change', async (payload) => {
    const response = await t.request({
      method: 'PATCH',
      url: `/mp-accounts/${accountId}`,
      headers: { ...seller.auth, 'content-type': 'application/json' },
      payload,
    });
    expect(expectErrorEnvelope(response, 400, 'VALIDATION_FAILED').details).toEqual([{ field: 'body', errors: ['isObject'] }]);
  });

  it('null for an optional number nested in a POST body (a repricer run product metric) is VALIDATION_FAILED', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/repricer/run',
      headers: seller.auth,
      payload: {
        mpAccountId: accountId,
        items: [
          { nmId: 1, metrics: { stock_days: null } },
          { nmId: 2, metrics: null },
        ],
      },
    });
    expect(expectErrorEnvelope(response, 400, 'VALIDATION_FAILED').details).toEqual([
      { field: 'items.0.metrics.stock_days', errors: ['isNumber'] },
      { field: 'items.1.metrics', errors: ['isObject', 'nestedValidation'] },
    ]);
  });
});

describe('date query parameters', () => {
  const admin = () => ({ authorization: `Bearer ${t.tokenFor('admin')}` });

  it.each(['2024-W01', '2024-001', '2024-02-30', '2024-01-01T25:00:00Z', 'yesterday', '1e10'])(
    'from=%s is VALIDATION_FAILED (isISO8601)',
    async (from) => {
      const response = await t.request({
        method: 'GET',
        url: `/audit-logs?from=${encodeURIComponent(from)}&to=2024-W02`,
        headers: admin(),
      });
      expect(expectErrorEnvelope(response, 400, 'VALIDATION_FAILED').details).toEqual([
        { field: 'from', errors: ['isISO8601'] },
        { field: 'to', errors: ['isISO8601'] },
      ]);
    },
  );

  it.each(['2024-01-01', '2024-01-01T10:00:00Z', '2024-01-01T10:00:00.123+03:00'])('from=%s is a date', async (from) => {
    const response = await t.request({ method: 'GET', url: `/audit-logs?from=${encodeURIComponent(from)}`, headers: admin() });
    expect(response.statusCode, response.body).toBe(200);
  });
});
