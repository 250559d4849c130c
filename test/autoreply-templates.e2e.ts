import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DATABASE, Database } from '../src/database/database.tokens';
import { replyTemplates } from '../src/database/schema';
import { auditRecordsOf } from './support/audit-records';
import { expectErrorEnvelope, fieldErrors } from './support/envelope';
import { createAccount, createUser, TestUser } from './support/identity';
import { resourceRoutes } from './support/resource-routes';
import { startTestApp, TestApp } from './support/test-app';

const valid = (mpAccountId: string, extra: Record<string, unknown> = {}) => ({
  mpAccountId,
  name: 'Благодарность',
  type: 'feedbacks',
  text: 'Спасибо за оценку {{ rating }}!',
  ...extra,
});

describe('reply templates', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let accountId: string;

  const routes = resourceRoutes(
    () => t,
    '/autoreply/templates',
    () => owner,
  );
  const { post, list, get, patch, remove } = routes;

  const created = (extra: Record<string, unknown> = {}, mpAccountId = accountId) => routes.created(valid(mpAccountId, extra));

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createUser(t);
    stranger = await createUser(t);
    accountId = await createAccount(t, owner.id);
  });
  afterAll(() => t.close());

  it('creates a template and answers its fields, id and timestamps; GET answers the same', async () => {
    const template = await created();
    expect(template).toEqual({
      ...valid(accountId),
      id: expect.any(String),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await get(template.id)).json()).toEqual(template);
    const [row] = await t.app.get<Database>(DATABASE).select().from(replyTemplates).where(eq(replyTemplates.id, template.id));
    expect(row).toMatchObject({ mpAccountId: accountId, name: 'Благодарность', type: 'feedbacks', deletedAt: null });
  });

  it('takes the six placeholders with and without spaces inside the braces', async () => {
    const text = '{{reviewText}} {{ rating }} {{  productName}} {{brand  }} {{ supplierArticle }} {{kind}}';
    expect((await created({ text })).text).toBe(text);
  });

  it('refuses an unknown placeholder on POST with a Russian message naming each one', async () => {
    const response = await post(valid(accountId, { text: 'Цена {{ price }}, город {{city}}, снова {{ price }}, {{ rating }}' }));
    const body = expectErrorEnvelope(response, 400, 'VALIDATION_FAILED');
    expect(body.details).toEqual([{ field: 'text', errors: ['knownPlaceholders'] }]);
    expect(body.message).toContain('{{ price }}');
    expect(body.message).toContain('{{city}}');
    expect(body.message).not.toContain('{{ price }}, {{ price }}');
    const named = expectErrorEnvelope(await post(valid(accountId, { text: '{{Rating}}' })), 400, 'VALIDATION_FAILED');
    expect(named.message).toContain('{{Rating}}');
  });

  it('refuses an unknown placeholder on PATCH and keeps the stored text', async () => {
    const template = await created();
    const body = expectErrorEnvelope(await patch(template.id, { text: 'Скидка {{ discount }}' }), 400, 'VALIDATION_FAILED');
    expect(body.details).toEqual([{ field: 'text', errors: ['knownPlaceholders'] }]);
    expect(body.message).toContain('{{ discount }}');
    expect((await get(template.id)).json().text).toBe(template.text);
  });

  it('checks name, type and text: lengths 1..200 and 1..5000, the three types, unknown fields', async () => {
    const errors = async (extra: Record<string, unknown>) =>
      fieldErrors(expectErrorEnvelope(await post(valid(accountId, extra)), 400, 'VALIDATION_FAILED').details);
    expect(await errors({ name: '', type: 'reviews', text: 'x'.repeat(5001) })).toEqual({
      name: ['isLength'],
      type: ['isIn'],
      text: ['isLength'],
    });
    expect(await errors({ name: 'x'.repeat(201), text: '   ' })).toEqual({ name: ['isLength'], text: ['isLength'] });
    expect(await errors({ isActive: true })).toEqual({ isActive: ['whitelistValidation'] });
    expect((await created({ name: 'x'.repeat(200), text: 'я'.repeat(5000), type: 'both' })).text).toHaveLength(5000);
  });

  it('PATCH changes only the given fields; the account cannot be changed', async () => {
    const template = await created();
    const response = await patch(template.id, { name: 'Вопросы', type: 'questions' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ...template, name: 'Вопросы', type: 'questions', updatedAt: expect.any(String) });
    const other = await createAccount(t, owner.id, 'Второй');
    const refused = expectErrorEnvelope(await patch(template.id, { mpAccountId: other }), 400, 'VALIDATION_FAILED');
    expect(fieldErrors(refused.details)).toEqual({ mpAccountId: ['whitelistValidation'] });
    expect(fieldErrors(expectErrorEnvelope(await patch(template.id, { text: null }), 400, 'VALIDATION_FAILED').details)).toMatchObject({
      text: expect.arrayContaining(['isString']),
    });
    expect((await get(template.id)).json()).toMatchObject({ mpAccountId: accountId, name: 'Вопросы' });
  });

  it('DELETE is soft: 204, then 404 to GET, PATCH and DELETE, and gone from the list; the row stays', async () => {
    const template = await created();
    expect((await remove(template.id)).statusCode).toBe(204);
    expectErrorEnvelope(await get(template.id), 404, 'NOT_FOUND');
    expectErrorEnvelope(await patch(template.id, { name: 'x' }), 404, 'NOT_FOUND');
    expectErrorEnvelope(await remove(template.id), 404, 'NOT_FOUND');
    const ids = (await list(`mpAccountId=${accountId}&limit=100`)).json().items.map((item: { id: string; name: string }) => item.id);
    expect(ids).not.toContain(template.id);
    const [row] = await t.app.get<Database>(DATABASE).select().from(replyTemplates).where(eq(replyTemplates.id, template.id));
    expect(row.deletedAt).toBeInstanceOf(Date);
  });

  it("a foreign account's templates are 404 to every route, like a missing template", async () => {
    const template = await created();
    for (const response of [
      await get(template.id, stranger),
      await patch(template.id, { name: 'x' }, stranger),
      await remove(template.id, stranger),
      await list(`mpAccountId=${accountId}`, stranger),
      await post(valid(accountId), stranger),
      await get('00000000-0000-4000-8000-000000000000'),
    ])
      expectErrorEnvelope(response, 404, 'NOT_FOUND');
    expect((await get(template.id)).json()).toEqual(template);
  });

  it('lists the live templates of an account with the type filter, sorted by createdAt (default, ascending) or name', async () => {
    const account = await createAccount(t, owner.id, 'Список');
    await created({ name: 'Б', type: 'questions' }, account);
    await created({ name: 'А' }, account);
    const last = await created({ name: 'В', type: 'both' }, account);
    await created({ name: 'Чужой' });
    const names = async (query: string) => {
      const response = await list(`mpAccountId=${account}&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().items.map((item: { id: string; name: string }) => item.name);
    };
    expect(await names('')).toEqual(['Б', 'А', 'В']);
    expect(await names('sortDirection=desc')).toEqual(['В', 'А', 'Б']);
    expect(await names('sortBy=name')).toEqual(['А', 'Б', 'В']);
    expect(await names('type=questions')).toEqual(['Б']);
    expect(await names('type=both')).toEqual(['В']);
    const page = (await list(`mpAccountId=${account}&limit=2&page=2`)).json();
    expect(page).toEqual({ items: [last], meta: { total: 3, page: 2, limit: 2, totalPages: 2, hasNext: false, hasPrev: true } });
    const refused = expectErrorEnvelope(await list(`mpAccountId=${account}&sortBy=text&type=all`), 400, 'VALIDATION_FAILED');
    expect(fieldErrors(refused.details)).toEqual({ sortBy: ['isIn'], type: ['isIn'] });
    expect(fieldErrors(expectErrorEnvelope(await list('type=both'), 400, 'VALIDATION_FAILED').details)).toMatchObject({
      mpAccountId: expect.arrayContaining(['isUUID']),
    });
  });

  it('writes create, update and delete to the audit log with the actor, the account and the template, and nothing for a refused change', async () => {
    const account = await createAccount(t, owner.id, 'Аудит');
    const template = await created({ name: 'До' }, account);
    expect((await patch(template.id, { name: 'После', text: 'Ответ на {{ kind }}' })).statusCode).toBe(200);
    expectErrorEnvelope(await patch(template.id, { text: '{{ price }}' }), 400, 'VALIDATION_FAILED');
    expectErrorEnvelope(await remove(template.id, stranger), 404, 'NOT_FOUND');
    const deleted = await remove(template.id);
    expect(deleted.statusCode).toBe(204);
    const records = await auditRecordsOf(t.app.get<Database>(DATABASE), account);
    expect(records.map((record) => [record.action, record.userId, record.entityType, record.entityId])).toEqual([
      ['autoreply.template.create', owner.id, 'reply-template', template.id],
      ['autoreply.template.update', owner.id, 'reply-template', template.id],
      ['autoreply.template.delete', owner.id, 'reply-template', template.id],
    ]);
    expect(records[0].details).toEqual({ template: { name: 'До', type: 'feedbacks', text: template.text } });
    expect(records[1].details).toEqual({
      changed: ['name', 'text'],
      template: { name: 'После', type: 'feedbacks', text: 'Ответ на {{ kind }}' },
    });
    expect(records[2].details).toEqual({ name: 'После' });
    expect(records[2].requestId).toBe(deleted.headers['x-request-id']);
  });
});
