import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DATABASE, Database } from '../src/database/database.tokens';
import { kbArticles, kbChunks } from '../src/database/schema';
import { auditRecordsOfEntity } from './support/audit-records';
import { expectErrorEnvelope } from './support/envelope';
import { createAccount, createBrand, createUser, grantedBrand, TestUser } from './support/identity';
import { startTestApp, TestApp } from './support/test-app';

let t: TestApp;
let db: Database;
let owner: TestUser;
let stranger: TestUser;
let manager: TestUser;
let admin: TestUser;
let accountId: string;
let openBrand: string;
let closedBrand: string;

const request = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user: TestUser = owner, payload?: Record<string, unknown>) =>
  t.request({ method, url, headers: user.auth, ...(payload !== undefined && { payload }) });
const create = (payload: Record<string, unknown>, user: TestUser = owner) =>
  request('POST', '/knowledge-base/articles', user, { mpAccountId: accountId, type: 'faq', title: 'Доставка', body: 'Текст.', ...payload });
const chunksOf = (articleId: string) =>
  db.select().from(kbChunks).where(eq(kbChunks.sourceId, articleId)).orderBy(asc(kbChunks.startOffset));

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get<Database>(DATABASE);
  [owner, stranger, manager, admin] = await Promise.all([createUser(t), createUser(t), createUser(t, 'manager'), createUser(t, 'admin')]);
  accountId = await createAccount(t, owner.id);
  openBrand = await grantedBrand(t, admin, manager, accountId, []);
  closedBrand = await createBrand(t, accountId, 'Закрытый бренд');
});
afterAll(() => t.close());

describe('knowledge base articles', () => {
  it('creates version 1, makes a new full version on every change and lists the versions newest first, audited', async () => {
    const created = await create({ brandId: openBrand, nmIds: [11, 11, 12], tags: ['доставка'], body: 'Доставка за два дня.' });
    expect(created.statusCode, created.body).toBe(201);
    const article = created.json();
    expect(article).toMatchObject({
      mpAccountId: accountId,
      brandId: openBrand,
      nmIds: [11, 12],
      type: 'faq',
      title: 'Доставка',
      body: 'Доставка за два дня.',
      tags: ['доставка'],
      status: 'draft',
      version: 1,
      createdBy: owner.id,
    });

    const renamed = await request('PATCH', `/knowledge-base/articles/${article.id}`, owner, { title: 'Сроки доставки' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ title: 'Сроки доставки', body: 'Доставка за два дня.', version: 2 });
    const rewritten = await request('PATCH', `/knowledge-base/articles/${article.id}`, owner, {
      body: 'Доставка за три дня.',
      status: 'published',
    });
    expect(rewritten.json()).toMatchObject({ title: 'Сроки доставки', body: 'Доставка за три дня.', status: 'published', version: 3 });

    const fetched = await request('GET', `/knowledge-base/articles/${article.id}`);
    expect(fetched.json()).toEqual(rewritten.json());
    const versions = await request('GET', `/knowledge-base/articles/${article.id}/versions`);
    expect(versions.statusCode, versions.body).toBe(200);
    expect(versions.json().meta).toMatchObject({ total: 3, page: 1 });
    expect(
      versions
        .json()
        .items.map((item: { version: number; title: string; body: string; status: string }) => [
          item.version,
          item.title,
          item.body,
          item.status,
        ]),
    ).toEqual([
      [3, 'Сроки доставки', 'Доставка за три дня.', 'published'],
      [2, 'Сроки доставки', 'Доставка за два дня.', 'draft'],
      [1, 'Доставка', 'Доставка за два дня.', 'draft'],
    ]);

    const deleted = await request('DELETE', `/knowledge-base/articles/${article.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expectErrorEnvelope(await request('GET', `/knowledge-base/articles/${article.id}`), 404, 'NOT_FOUND');
    const [row] = await db.select().from(kbArticles).where(eq(kbArticles.id, article.id));
    expect(row.deletedAt).not.toBeNull();

    const audited = async (action: string) => (await auditRecordsOfEntity(db, action, article.id)).map((record) => record.details);
    expect(await audited('knowledge_base.article.create')).toEqual([{ version: 1, status: 'draft', type: 'faq', brandId: openBrand }]);
    expect(await audited('knowledge_base.article.update')).toEqual([
      { version: 2, status: 'draft', type: 'faq', brandId: openBrand, changed: ['title'] },
      { version: 3, status: 'published', type: 'faq', brandId: openBrand, changed: ['body', 'status'] },
    ]);
    expect(await audited('knowledge_base.article.delete')).toHaveLength(1);
  });

  it('keeps chunks of the current published version only: re-cut on a change, removed on draft, archive and delete', async () => {
    const body = '# Доставка\n\nПо Москве два дня.\n\n## Возврат\n\nВ течение 14 дней.';
    const { id } = (await create({ body, status: 'published' })).json();
    const chunks = await chunksOf(id);
    expect(chunks.map((chunk) => [chunk.text, chunk.startOffset, chunk.endOffset, chunk.version])).toEqual([
      ['# Доставка\n\nПо Москве два дня.', 0, body.indexOf('\n\n## '), 1],
      ['## Возврат\n\nВ течение 14 дней.', body.indexOf('## '), body.length, 1],
    ]);

    await request('PATCH', `/knowledge-base/articles/${id}`, owner, { body: 'По Москве один день.' });
    expect((await chunksOf(id)).map((chunk) => [chunk.text, chunk.version])).toEqual([['По Москве один день.', 2]]);
    for (const status of ['draft', 'published', 'archived'] as const) {
      await request('PATCH', `/knowledge-base/articles/${id}`, owner, { status });
      expect(await chunksOf(id), status).toHaveLength(status === 'published' ? 1 : 0);
    }
    await request('PATCH', `/knowledge-base/articles/${id}`, owner, { status: 'published' });
    await request('DELETE', `/knowledge-base/articles/${id}`);
    expect(await chunksOf(id)).toHaveLength(0);
  });

  it('lists by type, brand, nmId, status and q, most recently changed first', async () => {
    const policy = (
      await create({ type: 'policy', title: 'Возврат товара', body: 'Возврат в течение 14 дней.', nmIds: [77], status: 'published' })
    ).json();
    const news = (await create({ type: 'news', title: 'Новинки', body: 'Скоро весна.', brandId: closedBrand })).json();
    const list = async (query: string) =>
      (await request('GET', `/knowledge-base/articles?mpAccountId=${accountId}${query}`))
        .json()
        .items.map((item: { id: string }) => item.id);

    expect(await list('&type=policy')).toEqual([policy.id]);
    expect(await list('&nmId=77')).toEqual([policy.id]);
    expect(await list(`&brandId=${closedBrand}`)).toEqual([news.id]);
    expect(await list('&q=ВОЗВРАТ&status=published')).toContain(policy.id);
    expect(await list('&q=весна')).toEqual([news.id]);
    expect((await list('')).slice(0, 2)).toEqual([news.id, policy.id]);
  });

  it("lets a manager see and write only their brands' articles; another brand's or the account's own answer 404", async () => {
    const own = (await create({ brandId: openBrand, title: 'Своё' }, manager)).json();
    expect(own.brandId).toBe(openBrand);
    const closed = (await create({ brandId: closedBrand, title: 'Чужое' })).json();
    const accountWide = (await create({ title: 'Общее' })).json();

    const listed = await request('GET', `/knowledge-base/articles?mpAccountId=${accountId}&limit=100`, manager);
    expect(listed.statusCode, listed.body).toBe(200);
    const ids = listed.json().items.map((item: { id: string }) => item.id);
    expect(ids).toContain(own.id);
    expect(ids).not.toContain(closed.id);
    expect(ids).not.toContain(accountWide.id);
    expect(listed.json().items.every((item: { brandId: string }) => item.brandId === openBrand)).toBe(true);

    for (const id of [closed.id, accountWide.id]) {
      expectErrorEnvelope(await request('GET', `/knowledge-base/articles/${id}`, manager), 404, 'NOT_FOUND');
      expectErrorEnvelope(await request('PATCH', `/knowledge-base/articles/${id}`, manager, { title: 'Взлом' }), 404, 'NOT_FOUND');
      expectErrorEnvelope(await request('DELETE', `/knowledge-base/articles/${id}`, manager), 404, 'NOT_FOUND');
      expectErrorEnvelope(await request('GET', `/knowledge-base/articles/${id}/versions`, manager), 404, 'NOT_FOUND');
    }
    expectErrorEnvelope(await create({ brandId: closedBrand }, manager), 404, 'NOT_FOUND');
    expectErrorEnvelope(await request('PATCH', `/knowledge-base/articles/${own.id}`, manager, { brandId: closedBrand }), 404, 'NOT_FOUND');
    const withoutBrand = await create({}, manager);
    expectErrorEnvelope(withoutBrand, 400, 'VALIDATION_FAILED');
    expect(withoutBrand.json().details).toEqual([{ field: 'brandId', errors: ['isNotEmpty'] }]);
    expectErrorEnvelope(await request('PATCH', `/knowledge-base/articles/${own.id}`, manager, { brandId: null }), 400, 'VALIDATION_FAILED');
    const [row] = await db
      .select()
      .from(kbArticles)
      .where(and(eq(kbArticles.id, closed.id)));
    expect(row).toMatchObject({ title: 'Чужое', version: 1, deletedAt: null });
  });

  it("answers 404 for another seller's account and article", async () => {
    const { id } = (await create({})).json();
    expectErrorEnvelope(await create({}, stranger), 404, 'NOT_FOUND');
    expectErrorEnvelope(await request('GET', `/knowledge-base/articles?mpAccountId=${accountId}`, stranger), 404, 'NOT_FOUND');
    expectErrorEnvelope(await request('GET', `/knowledge-base/articles/${id}`, stranger), 404, 'NOT_FOUND');
    expectErrorEnvelope(await request('PATCH', `/knowledge-base/articles/${id}`, stranger, { title: 'Взлом' }), 404, 'NOT_FOUND');
    expectErrorEnvelope(await request('DELETE', `/knowledge-base/articles/${id}`, stranger), 404, 'NOT_FOUND');
  });

  it('refuses a body over 50 000 characters, an unknown type and a brand of another account, changing nothing', async () => {
    const tooLong = await create({ body: 'a'.repeat(50_001) });
    expectErrorEnvelope(tooLong, 400, 'VALIDATION_FAILED');
    expect(tooLong.json().details).toEqual([{ field: 'body', errors: ['isLength'] }]);
    // 50 000 Cyrillic letters are 100 000 bytes of JSON: within the 100 KB body limit.
    expect((await create({ body: 'я'.repeat(50_000) })).statusCode).toBe(201);
    expectErrorEnvelope(await create({ type: 'rumour' }), 400, 'VALIDATION_FAILED');
    const otherAccount = await createAccount(t, owner.id, 'Другой кабинет');
    const foreignBrand = await createBrand(t, otherAccount, 'Бренд другого кабинета');
    expectErrorEnvelope(await create({ brandId: foreignBrand, title: 'Чужой бренд' }), 404, 'NOT_FOUND');
    expect(await db.select().from(kbArticles).where(eq(kbArticles.title, 'Чужой бренд'))).toHaveLength(0);
  });
});
