import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DATABASE, Database } from '../src/database/database.tokens';
import { products, repricerRules } from '../src/database/schema';
import { expectErrorEnvelope, fieldErrors } from './support/envelope';
import { createAccount, createBrand, createUser, TestUser } from './support/identity';
import { startTestApp, TestApp } from './support/test-app';

let t: TestApp;
let db: Database;
let seller: TestUser;
let otherSeller: TestUser;
let account: string;
let otherAccount: string;
let brandA: string;
const rule: Record<string, string> = {};

const T0 = Date.UTC(2026, 2, 1, 9);
const at = (seconds: number) => new Date(T0 + seconds * 1000);

function product(mpAccountId: string, nmId: number, values: Partial<typeof products.$inferInsert> = {}): typeof products.$inferInsert {
  return {
    mpAccountId,
    nmId,
    vendorCode: `VC-${nmId}`,
    title: `Товар ${nmId}`,
    brand: 'Бренд А',
    brandId: brandA,
    cardUpdatedAt: at(0),
    price: 1000,
    updatedAt: at(nmId % 100),
    ...values,
  };
}

async function addRule(key: string, values: Partial<typeof repricerRules.$inferInsert>, mpAccountId = account): Promise<void> {
  const created = Object.keys(rule).length;
  const [row] = await db
    .insert(repricerRules)
    .values({
      mpAccountId,
      name: `Правило ${key}`,
      conditionMetric: 'stock_days',
      conditionOperator: 'always',
      actionType: 'percent',
      actionValue: '5',
      scope: 'sku',
      scopeValue: '1',
      createdAt: at(created),
      ...values,
    })
    .returning({ id: repricerRules.id });
  rule[key] = row.id;
}

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get<Database>(DATABASE);
  [seller, otherSeller] = await Promise.all([createUser(t, 'seller'), createUser(t, 'seller')]);
  account = await createAccount(t, seller.id);
  otherAccount = await createAccount(t, otherSeller.id, 'Чужой кабинет');
  brandA = await createBrand(t, account, 'Бренд А');
  await db
    .insert(products)
    .values([
      product(account, 101, { title: 'Платье синее' }),
      product(account, 102, { title: 'Платье красное' }),
      product(account, 103),
      product(account, 104),
      product(account, 105, { brand: 'Бренд Б', brandId: null }),
      product(account, 106, { removedAt: at(0) }),
      product(otherAccount, 101, { brandId: null }),
    ]);
  // Creation order: the earlier rule wins where several match; another account's earliest rule must not link here.
  await addRule('foreign', { scopeValue: '103' }, otherAccount);
  await addRule('list', { scope: 'list', scopeValue: JSON.stringify([102, 103]), actionType: 'absolute', actionValue: '-50' });
  await addRule('sku', { scopeValue: '101', actionValue: '2.5' });
  await addRule('laterSku', { scopeValue: '102', actionValue: '7' });
  await addRule('metric', { scopeValue: '104', conditionOperator: 'gt', conditionValue: '10' });
  await addRule('brand', { scope: 'brand', scopeValue: 'Бренд Б' });
  await addRule('inactive', { scopeValue: '104', isActive: false });
  await addRule('deleted', { scope: 'list', scopeValue: JSON.stringify([104, 105]), deletedAt: at(100) });
});
afterAll(() => t.close());

function get(query: string, user: TestUser = seller) {
  return t.request({ method: 'GET', url: `/repricer/products?${query}`, headers: user.auth });
}

async function page(query = '') {
  const response = await get(`mpAccountId=${account}&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function rulesByNmId(items: { nmId: number; rule: { id: string } | null }[]): Record<number, string | null> {
  return Object.fromEntries(
    items.map((item) => [
      item.nmId,
      item.rule === null ? null : (Object.keys(rule).find((key) => rule[key] === item.rule!.id) ?? item.rule.id),
    ]),
  );
}

describe('GET /repricer/products', () => {
  it('links each product to the rule a run without metrics and brand applies: sku, list and always rules; the earliest wins', async () => {
    const body = await page('sort=name&sortDir=asc');
    expect(body.meta).toEqual({ total: 5, page: 1, limit: 20, totalPages: 1, hasNext: false, hasPrev: false });
    expect(rulesByNmId(body.items)).toEqual({ 101: 'sku', 102: 'list', 103: 'list', 104: null, 105: null });
    const dress = body.items.find((item: { nmId: number }) => item.nmId === 101);
    expect(dress).toMatchObject({ nmId: 101, title: 'Платье синее', price: 1000, brandId: brandA, pricePending: false });
    expect(dress.rule).toEqual({ id: rule.sku, name: 'Правило sku', actionType: 'percent', actionValue: 2.5 });
    expect(body.items.find((item: { nmId: number }) => item.nmId === 102).rule).toEqual({
      id: rule.list,
      name: 'Правило list',
      actionType: 'absolute',
      actionValue: -50,
    });
  });

  it('shows the schedule of the service next to the page', async () => {
    expect((await page()).schedule).toEqual({ everyMinutes: 30, settable: false });
  });

  it('passes the catalog filters, sort and paging through', async () => {
    const search = await page('q=платье&sort=name&sortDir=desc');
    expect(search.items.map((item: { nmId: number }) => item.nmId)).toEqual([101, 102]);
    expect(rulesByNmId(search.items)).toEqual({ 101: 'sku', 102: 'list' });
    const ofBrand = await page(`brandId=${brandA}`);
    expect(ofBrand.meta.total).toBe(4);
    const second = await page('limit=2&page=2&sort=updatedAt&sortDir=asc');
    expect(second.items.map((item: { nmId: number }) => item.nmId)).toEqual([103, 104]);
    expect(second.meta).toMatchObject({ total: 5, page: 2, limit: 2, hasNext: true, hasPrev: true });
  });

  it('answers 404 for a foreign account and validates the query like /catalog/products', async () => {
    expectErrorEnvelope(await get(`mpAccountId=${otherAccount}`), 404, 'NOT_FOUND');
    const invalid = await get('mpAccountId=nope&sort=color&limit=500');
    expect(fieldErrors(expectErrorEnvelope(invalid, 400, 'VALIDATION_FAILED').details)).toEqual({
      mpAccountId: ['isUUID'],
      sort: ['isIn'],
      limit: ['max'],
    });
  });
});
