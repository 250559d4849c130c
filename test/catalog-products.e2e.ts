import { fillPlaceholders, sql } from 'drizzle-orm';
import { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DATABASE, Database, PG_POOL } from '../src/database/database.tokens';
import { products } from '../src/database/schema';
import { CatalogProductsRepository } from '../src/modules/catalog/products/catalog-products.repository';
import { expectErrorEnvelope, fieldErrors } from './support/envelope';
import { createAccount, createBrand, createUser, TestUser } from './support/identity';
import { startTestApp, TestApp } from './support/test-app';

let t: TestApp;
let db: Database;
let admin: TestUser;
let seller: TestUser;
let otherSeller: TestUser;
let manager: TestUser;
let account: string;
let otherAccount: string;
let brandA: string;
let brandB: string;
let brandEmpty: string;

const MISSING = '6b1f3c9e-8d2a-4e4b-9c1d-2f3a4b5c6d7e';
const T0 = Date.parse('2026-03-01T09:00:00Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

type ProductValues = typeof products.$inferInsert;

function product(mpAccountId: string, nmId: number, values: Partial<ProductValues> = {}): ProductValues {
  return { mpAccountId, nmId, vendorCode: `VC-${nmId}`, title: `Товар ${nmId}`, brand: 'Без бренда', cardUpdatedAt: at(0), ...values };
}

function priced(price: number, discount: number, discountedPrice: string): Partial<ProductValues> {
  return { price, discount, discountedPrice, clubDiscount: 0, priceUpdatedAt: at(-30) };
}

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get<Database>(DATABASE);
  [admin, seller, otherSeller, manager] = await Promise.all([
    createUser(t, 'admin'),
    createUser(t, 'seller'),
    createUser(t, 'seller'),
    createUser(t, 'manager'),
  ]);
  account = await createAccount(t, seller.id);
  otherAccount = await createAccount(t, otherSeller.id, 'Чужой кабинет');
  [brandA, brandB, brandEmpty] = await Promise.all([
    createBrand(t, account, 'Бренд А'),
    createBrand(t, account, 'Бренд Б'),
    createBrand(t, account, 'Бренд В'),
  ]);
  const a = { brand: 'Бренд А', brandId: brandA };
  const b = { brand: 'Бренд Б', brandId: brandB };
  await db.insert(products).values([
    product(account, 100001, {
      ...a,
      vendorCode: 'ПЛ-001',
      title: 'Платье летнее синее',
      photo: 'https://img.example/100001.webp',
      ...priced(2000, 10, '1800.00'),
      clubDiscount: 3,
      pricePendingSince: at(-5),
      updatedAt: at(1),
    }),
    product(account, 100002, { ...b, vendorCode: 'ABC_50%', title: 'Футболка хлопок', ...priced(1000, 0, '1000.00'), updatedAt: at(4) }),
    product(account, 200003, { ...a, vendorCode: 'SKIRT-7', title: 'Юбка МИДИ', updatedAt: at(3) }),
    product(account, 300004, { ...b, vendorCode: 'ABCX50Y', title: 'Шорты', ...priced(1500, 25, '1124.99'), updatedAt: at(2) }),
    product(account, 400005, { ...a, title: 'Платье снятое с продажи', ...priced(900, 5, '855.00'), removedAt: at(0), updatedAt: at(5) }),
    product(otherAccount, 500006, { title: 'Платье чужое', updatedAt: at(6) }),
  ]);
});
afterAll(() => t.close());

async function list(query: string, user: TestUser = seller, path = '/catalog/products') {
  const response = await t.request({ method: 'GET', url: `${path}?mpAccountId=${account}&${query}`, headers: user.auth });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function nmIds(query: string, user: TestUser = seller): Promise<number[]> {
  return (await list(query, user)).items.map((item: { nmId: number }) => item.nmId);
}

describe('GET /catalog/products', () => {
  it('answers listed products with the price snapshot; money as exact numbers, nulls without a price, removed cards left out', async () => {
    const page = await list('sort=name&sortDir=asc');
    expect(page.meta).toEqual({ total: 4, page: 1, limit: 20, totalPages: 1, hasNext: false, hasPrev: false });
    const [dress, , shorts, skirt] = page.items;
    expect(dress).toEqual({
      nmId: 100001,
      vendorCode: 'ПЛ-001',
      title: 'Платье летнее синее',
      brand: 'Бренд А',
      brandId: brandA,
      photo: 'https://img.example/100001.webp',
      price: 2000,
      discount: 10,
      discountedPrice: 1800,
      clubDiscount: 3,
      priceUpdatedAt: at(-30).toISOString(),
      pricePending: true,
      costPrice: null,
      updatedAt: at(1).toISOString(),
    });
    expect(shorts).toMatchObject({ nmId: 300004, discountedPrice: 1124.99, pricePending: false });
    expect(skirt).toMatchObject({
      nmId: 200003,
      price: null,
      discount: null,
      discountedPrice: null,
      clubDiscount: null,
      priceUpdatedAt: null,
    });
  });

  it('searches title, vendor code and nmId case-insensitively, Cyrillic too', async () => {
    expect(await nmIds('q=платье')).toEqual([100001]);
    expect(await nmIds(`q=${encodeURIComponent('ЛЕТНЕЕ СИН')}`)).toEqual([100001]);
    expect(await nmIds('q=мид')).toEqual([200003]);
    expect(await nmIds('q=пл-0')).toEqual([100001]);
    expect(await nmIds('q=skirt')).toEqual([200003]);
    expect(await nmIds('q=10000')).toEqual([100002, 100001]);
    expect(await nmIds('q=300004')).toEqual([300004]);
    expect(await nmIds('q=нет-такого')).toEqual([]);
  });

  it('matches LIKE wildcards in q literally', async () => {
    expect(await nmIds(`q=${encodeURIComponent('abc_50%')}`)).toEqual([100002]);
    expect(await nmIds(`q=${encodeURIComponent('%')}`)).toEqual([100002]);
    expect(await nmIds(`q=${encodeURIComponent('c_5')}`)).toEqual([100002]);
    expect(await nmIds(`q=${encodeURIComponent('\\')}`)).toEqual([]);
  });

  it.each([
    ['name', [100001, 100002, 300004, 200003], [200003, 300004, 100002, 100001]],
    ['price', [100002, 300004, 100001, 200003], [100001, 300004, 100002, 200003]],
    ['discountPercent', [100002, 100001, 300004, 200003], [300004, 100001, 100002, 200003]],
    ['discountedPrice', [100002, 300004, 100001, 200003], [100001, 300004, 100002, 200003]],
    ['updatedAt', [100001, 300004, 200003, 100002], [100002, 200003, 300004, 100001]],
  ])('sorts by %s both ways, products without a price last', async (sort, ascending, descending) => {
    expect(await nmIds(`sort=${sort}&sortDir=asc`)).toEqual(ascending);
    expect(await nmIds(`sort=${sort}&sortDir=desc`)).toEqual(descending);
  });

  it('sorts by updatedAt, newest first, by default; by name A to Я when only sort=name is given', async () => {
    expect(await nmIds('')).toEqual([100002, 200003, 300004, 100001]);
    expect(await nmIds('sort=name')).toEqual([100001, 100002, 300004, 200003]);
  });

  it('filters by the presence of a seller discount and by brand', async () => {
    expect(await nmIds('discount=with&sort=name')).toEqual([100001, 300004]);
    expect(await nmIds('discount=without&sort=name')).toEqual([100002, 200003]);
    expect(await nmIds(`brandId=${brandA}&sort=name`)).toEqual([100001, 200003]);
    expect(await nmIds(`brandId=${brandB}&discount=with&q=${encodeURIComponent('шорт')}`)).toEqual([300004]);
    expect(await nmIds(`brandId=${brandEmpty}`)).toEqual([]);
  });

  it('pages with a unique tie-breaker and the standard meta', async () => {
    const paged = await createAccount(t, seller.id, 'Много товаров');
    await db
      .insert(products)
      .values(Array.from({ length: 25 }, (_, i) => product(paged, 9000 + i, { ...priced(500, 0, '500.00'), updatedAt: at(0) })));
    const seen: number[] = [];
    for (const page of [1, 2, 3]) {
      const response = await t.request({
        method: 'GET',
        url: `/catalog/products?mpAccountId=${paged}&sort=price&sortDir=asc&limit=10&page=${page}`,
        headers: seller.auth,
      });
      const body = response.json();
      expect(body.meta).toEqual({ total: 25, page, limit: 10, totalPages: 3, hasNext: page < 3, hasPrev: page > 1 });
      seen.push(...body.items.map((item: { nmId: number }) => item.nmId));
    }
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => 9000 + i));
    expect((await list('page=2')).items).toEqual([]);
  });

  it('/pricing/products answers exactly what /catalog/products answers', async () => {
    for (const query of ['', 'q=платье', 'sort=price&sortDir=asc&limit=2&page=2', `brandId=${brandB}&discount=with`]) {
      expect(await list(query, seller, '/pricing/products')).toEqual(await list(query));
    }
  });

  it('looks up many nmIds in one call: every listed one found on one page, removed, foreign and unknown ones left out', async () => {
    const ids = [100001, 300004, 400005, 500006, 999999];
    const page = await list(`nmIds=${ids.join(',')}&sort=name&sortDir=asc`);
    expect(page.items.map((item: { nmId: number }) => item.nmId)).toEqual([100001, 300004]);
    expect(page.items[1]).toMatchObject({ nmId: 300004, price: 1500, discount: 25, discountedPrice: 1124.99 });
    expect(page.meta).toEqual({ total: 2, page: 1, limit: 5, totalPages: 1, hasNext: false, hasPrev: false });
    expect(await nmIds('nmIds=200003&nmIds=100002&sort=name&sortDir=desc')).toEqual([200003, 100002]);
    expect(await nmIds('nmIds=100001,100002&q=платье')).toEqual([100001]);
    expect((await list('nmIds=100001,100002,200003&limit=2')).meta).toMatchObject({ total: 3, limit: 2, totalPages: 2 });
  });

  it('looks up 1 000 nmIds at once; 1 001 answer 400 VALIDATION_FAILED (arrayMaxSize) in the envelope', async () => {
    const thousand = [100001, 200003, 300004, ...Array.from({ length: 997 }, (_, i) => i + 1)];
    const page = await list(`nmIds=${thousand.join(',')}`);
    expect(page.items.map((item: { nmId: number }) => item.nmId).sort()).toEqual([100001, 200003, 300004]);
    expect(page.meta).toMatchObject({ total: 3, limit: 1000 });
    const tooMany = await t.request({
      method: 'GET',
      url: `/catalog/products?mpAccountId=${account}&nmIds=${[...thousand, 998].join(',')}`,
      headers: seller.auth,
    });
    expect(fieldErrors(expectErrorEnvelope(tooMany, 400, 'VALIDATION_FAILED').details)).toEqual({ nmIds: ['arrayMaxSize'] });
    const bad = await t.request({ method: 'GET', url: `/catalog/products?mpAccountId=${account}&nmIds=1,x,0`, headers: seller.auth });
    expect(fieldErrors(expectErrorEnvelope(bad, 400, 'VALIDATION_FAILED').details)).toEqual({ nmIds: ['isInt', 'max', 'min'] });
  });

  it('rejects unknown fields and bad values with VALIDATION_FAILED', async () => {
    const cases: [string, Record<string, string[]>][] = [
      ['sortBy=price', { sortBy: ['whitelistValidation'] }],
      ['sortDirection=asc', { sortDirection: ['whitelistValidation'] }],
      [`q=${'я'.repeat(201)}`, { q: ['isLength'] }],
      ['sort=brand', { sort: ['isIn'] }],
      ['sortDir=up', { sortDir: ['isIn'] }],
      ['discount=yes', { discount: ['isIn'] }],
      ['brandId=42', { brandId: ['isUUID'] }],
      ['limit=101&page=0', { limit: ['max'], page: ['min'] }],
    ];
    for (const [query, errors] of cases) {
      const response = await t.request({ method: 'GET', url: `/catalog/products?mpAccountId=${account}&${query}`, headers: seller.auth });
      expect(fieldErrors(expectErrorEnvelope(response, 400, 'VALIDATION_FAILED').details), query).toEqual(errors);
    }
    const noAccount = await t.request({ method: 'GET', url: '/catalog/products', headers: seller.auth });
    expect(fieldErrors(expectErrorEnvelope(noAccount, 400, 'VALIDATION_FAILED').details)).toEqual({ mpAccountId: ['isUUID'] });
    expect((await list(`q=${'я'.repeat(200)}`)).items).toEqual([]);
  });

  it('answers a foreign account 404 with the same body as a missing one', async () => {
    for (const path of ['/catalog/products', '/catalog/products?q=платье&', '/catalog/products?page=2&', '/pricing/products', '/brands']) {
      const url = (id: string) => `${path.includes('?') ? path : `${path}?`}mpAccountId=${id}`;
      const foreign = await t.request({ method: 'GET', url: url(account), headers: otherSeller.auth });
      const missing = await t.request({ method: 'GET', url: url(MISSING), headers: otherSeller.auth });
      expect({ ...expectErrorEnvelope(foreign, 404, 'NOT_FOUND'), traceId: null }).toEqual({
        ...expectErrorEnvelope(missing, 404, 'NOT_FOUND'),
        traceId: null,
      });
    }
    expect((await list('sort=name', admin)).meta.total).toBe(4);
  });

  it('a deleted account is 404 at once, to its owner and to admins, with and without q', async () => {
    const doomed = await createAccount(t, seller.id, 'Удаляемый кабинет');
    await db.insert(products).values(product(doomed, 700001, { title: 'Платье на удаление' }));
    const urls = [
      `/catalog/products?mpAccountId=${doomed}`,
      `/catalog/products?mpAccountId=${doomed}&q=${encodeURIComponent('платье')}`,
      `/brands?mpAccountId=${doomed}`,
    ];
    for (const url of urls) expect((await t.request({ method: 'GET', url, headers: seller.auth })).statusCode, url).toBe(200);
    expect((await t.request({ method: 'DELETE', url: `/mp-accounts/${doomed}`, headers: seller.auth })).statusCode).toBe(204);
    for (const user of [seller, admin]) {
      for (const url of urls) expectErrorEnvelope(await t.request({ method: 'GET', url, headers: user.auth }), 404, 'NOT_FOUND');
    }
  });

  it('an account of the user with nothing matching answers an empty page, not 404', async () => {
    const empty = await createAccount(t, seller.id, 'Пустой кабинет');
    for (const user of [seller, admin]) {
      for (const query of ['', `&q=${encodeURIComponent('платье')}`, '&page=3']) {
        const response = await t.request({ method: 'GET', url: `/catalog/products?mpAccountId=${empty}${query}`, headers: user.auth });
        expect(response.statusCode, query).toBe(200);
        expect(response.json().items).toEqual([]);
      }
      expect((await t.request({ method: 'GET', url: `/brands?mpAccountId=${empty}`, headers: user.auth })).json().meta.total).toBe(0);
    }
  });
});

describe('the search index', () => {
  it('every plan PostgreSQL chooses for the prepared search reads products_search_trgm_idx', async () => {
    await db.execute(sql`
      insert into products (mp_account_id, nm_id, vendor_code, title, brand, card_updated_at)
      select ${otherAccount}, 600000 + i, 'ART-' || i, 'Кроссовки модель ' || md5(i::text), 'Бренд', now()
      from generate_series(1, 20000) as i`);
    await db.execute(sql`analyze products`);
    const filter = { accountId: otherAccount, brandIds: 'all', q: 'МоДель C4CA4238', sort: 'updatedAt', sortDir: 'desc' } as const;
    const statement = t.app.get(CatalogProductsRepository).searchStatement(filter);
    const values = { accountId: otherAccount, pattern: filter.q, limit: 20, offset: 0 };
    expect((await statement.execute(values)).map((row) => [row.nmId, row.total])).toEqual([[600001, 1]]);
    const client = await t.app.get<Pool>(PG_POOL).connect();
    try {
      await client.query('begin');
      // A table this small would otherwise be read whole; the point is that the index matches the expression.
      await client.query('set local enable_seqscan = off');
      const { sql: text, params } = statement.getQuery();
      const literals = fillPlaceholders(params, values).map((value) =>
        value === null ? 'null' : typeof value === 'number' ? String(value) : client.escapeLiteral(String(value)),
      );
      await client.query(`prepare search_plan as ${text}`);
      // From the sixth execution on PostgreSQL may keep a generic plan; every plan it chooses must read the index.
      for (let execution = 1; execution <= 7; execution += 1) {
        const plan = await client.query(`explain execute search_plan(${literals.join(', ')})`);
        expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n'), `execution ${execution}`).toContain('products_search_trgm_idx');
      }
    } finally {
      await client.query('rollback');
      client.release();
    }
  });
});

describe('manager brand visibility', () => {
  it('a manager sees only the products and brands granted to them; without a grant the account is 404', async () => {
    expectErrorEnvelope(
      await t.request({ method: 'GET', url: `/catalog/products?mpAccountId=${account}`, headers: manager.auth }),
      404,
      'NOT_FOUND',
    );
    expectErrorEnvelope(await t.request({ method: 'GET', url: `/brands?mpAccountId=${account}`, headers: manager.auth }), 404, 'NOT_FOUND');
    const grant = await t.request({
      method: 'POST',
      url: '/brand-access',
      headers: admin.auth,
      payload: { userId: manager.id, brandId: brandA },
    });
    expect(grant.statusCode).toBe(201);

    expect(await nmIds('sort=name', manager)).toEqual([100001, 200003]);
    expect(await nmIds(`brandId=${brandB}`, manager)).toEqual([]);
    expect(await nmIds('q=шорты', manager)).toEqual([]);
    const brands = await t.request({ method: 'GET', url: `/brands?mpAccountId=${account}`, headers: manager.auth });
    expect(brands.json()).toEqual({
      items: [{ id: brandA, name: 'Бренд А', productCount: 2 }],
      meta: { total: 1, page: 1, limit: 20, totalPages: 1, hasNext: false, hasPrev: false },
    });
    expectErrorEnvelope(
      await t.request({ method: 'GET', url: `/catalog/products?mpAccountId=${otherAccount}`, headers: manager.auth }),
      404,
      'NOT_FOUND',
    );

    expect((await t.request({ method: 'DELETE', url: `/brand-access/${grant.json().id}`, headers: admin.auth })).statusCode).toBe(204);
    expectErrorEnvelope(
      await t.request({ method: 'GET', url: `/catalog/products?mpAccountId=${account}`, headers: manager.auth }),
      404,
      'NOT_FOUND',
    );
  });

  it('a manager who owns an account sees all of it', async () => {
    const own = await createAccount(t, manager.id, 'Кабинет менеджера');
    await db.insert(products).values([product(own, 1), product(own, 2)]);
    const response = await t.request({ method: 'GET', url: `/catalog/products?mpAccountId=${own}`, headers: manager.auth });
    expect(response.json().meta.total).toBe(2);
  });
});

describe('GET /brands', () => {
  it('lists the account brands by name with their listed products counted, in the list envelope', async () => {
    const response = await t.request({ method: 'GET', url: `/brands?mpAccountId=${account}`, headers: seller.auth });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      items: [
        { id: brandA, name: 'Бренд А', productCount: 2 },
        { id: brandB, name: 'Бренд Б', productCount: 2 },
        { id: brandEmpty, name: 'Бренд В', productCount: 0 },
      ],
      meta: { total: 3, page: 1, limit: 20, totalPages: 1, hasNext: false, hasPrev: false },
    });
  });

  it('q finds brands by a substring of the name, case-insensitively', async () => {
    const response = await t.request({
      method: 'GET',
      url: `/brands?mpAccountId=${account}&q=${encodeURIComponent('НД Б')}`,
      headers: seller.auth,
    });
    expect(response.json()).toEqual({
      items: [{ id: brandB, name: 'Бренд Б', productCount: 2 }],
      meta: { total: 1, page: 1, limit: 20, totalPages: 1, hasNext: false, hasPrev: false },
    });
    const tooLong = await t.request({ method: 'GET', url: `/brands?mpAccountId=${account}&q=${'я'.repeat(201)}`, headers: seller.auth });
    expect(fieldErrors(expectErrorEnvelope(tooLong, 400, 'VALIDATION_FAILED').details)).toEqual({ q: ['isLength'] });
  });

  it('pages the brands with the standard meta', async () => {
    const response = await t.request({ method: 'GET', url: `/brands?mpAccountId=${account}&limit=2&page=2`, headers: seller.auth });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      items: [{ id: brandEmpty, name: 'Бренд В', productCount: 0 }],
      meta: { total: 3, page: 2, limit: 2, totalPages: 2, hasNext: false, hasPrev: true },
    });
  });

  it('rejects a missing account id and unknown fields', async () => {
    const response = await t.request({ method: 'GET', url: `/brands?mpAccountId=${account}&sort=name`, headers: seller.auth });
    expect(fieldErrors(expectErrorEnvelope(response, 400, 'VALIDATION_FAILED').details)).toEqual({ sort: ['whitelistValidation'] });
    expect(
      fieldErrors(
        expectErrorEnvelope(await t.request({ method: 'GET', url: '/brands', headers: seller.auth }), 400, 'VALIDATION_FAILED').details,
      ),
    ).toEqual({ mpAccountId: ['isUUID'] });
  });
});
