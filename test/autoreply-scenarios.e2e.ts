import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DATABASE, Database } from '../src/database/database.tokens';
import { replyScenarios } from '../src/database/schema';
import { auditRecordsOf } from './support/audit-records';
import { expectErrorEnvelope, fieldErrors } from './support/envelope';
import { createAccount, createUser, TestUser } from './support/identity';
import { insertInboxItem } from './support/inbox-items';
import { resourceRoutes } from './support/resource-routes';
import { startTestApp, TestApp } from './support/test-app';

type Scenario = Record<string, unknown> & { id: string };

describe('reply scenarios', () => {
  let t: TestApp;
  let db: Database;
  let owner: TestUser;
  let stranger: TestUser;
  let accountId: string;
  let templateId: string;

  const routes = resourceRoutes(
    () => t,
    '/autoreply/scenarios',
    () => owner,
  );
  const { post, list, get, patch, remove } = routes;
  const templates = resourceRoutes(
    () => t,
    '/autoreply/templates',
    () => owner,
  );

  const valid = (extra: Record<string, unknown> = {}) => ({ mpAccountId: accountId, kind: 'both', templateId, ...extra });
  const created = (extra: Record<string, unknown> = {}) => routes.created(valid(extra));
  const rejected = async (response: Awaited<ReturnType<typeof post>>) =>
    fieldErrors(expectErrorEnvelope(response, 400, 'VALIDATION_FAILED').details);

  async function templateOf(mpAccountId: string, user: TestUser = owner): Promise<string> {
    return (await templates.created({ mpAccountId, name: 'Шаблон', type: 'both', text: 'Спасибо, {{ kind }}!' }, user)).id;
  }

  /** An account of its own with a template: the scenarios of a match test see no other test's. */
  async function freshAccount(name: string): Promise<{ account: string; template: string }> {
    const account = await createAccount(t, owner.id, name);
    return { account, template: await templateOf(account) };
  }

  const match = (mpAccountId: string, feedbackId: string, user: TestUser = owner) =>
    t.request({ method: 'GET', url: `/autoreply/scenarios/match?mpAccountId=${mpAccountId}&feedbackId=${feedbackId}`, headers: user.auth });

  async function matched(mpAccountId: string, feedbackId: string): Promise<string> {
    const response = await match(mpAccountId, feedbackId);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().id;
  }

  const scenarioCount = async () => (await db.select({ n: count() }).from(replyScenarios))[0].n;

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get<Database>(DATABASE);
    owner = await createUser(t);
    stranger = await createUser(t);
    accountId = await createAccount(t, owner.id);
    templateId = await templateOf(accountId);
  });
  afterAll(() => t.close());

  it('creates a scenario with the defaults: priority 100, manual, no AI, active, no conditions', async () => {
    const scenario = await created();
    expect(scenario).toEqual({
      ...valid(),
      id: expect.any(String),
      priority: 100,
      brand: null,
      category: null,
      ratingMin: null,
      ratingMax: null,
      replyMode: 'manual',
      useLlm: false,
      isActive: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await get(scenario.id)).json()).toEqual(scenario);
  });

  it('stores every given field as sent', async () => {
    const fields = {
      priority: 5,
      kind: 'feedbacks',
      brand: 'Бренд',
      category: 'Платья',
      ratingMin: 4,
      ratingMax: 5,
      replyMode: 'auto',
      useLlm: true,
      isActive: false,
    };
    const scenario = await created(fields);
    expect(scenario).toMatchObject(fields);
    const [row] = await db.select().from(replyScenarios).where(eq(replyScenarios.id, scenario.id));
    expect(row).toMatchObject({ ...fields, mpAccountId: accountId, templateId, deletedAt: null });
  });

  it('checks the fields: sets, integer ratings 1..5, booleans, a uuid template, unknown fields', async () => {
    expect(
      await rejected(
        await post(
          valid({ kind: 'all', priority: 1.5, ratingMin: 0, ratingMax: 6, replyMode: 'later', useLlm: 'true', templateId: 'x', extra: 1 }),
        ),
      ),
    ).toEqual({
      kind: ['isIn'],
      priority: ['isInt'],
      ratingMin: ['min'],
      ratingMax: ['max'],
      replyMode: ['isIn'],
      useLlm: ['isBoolean'],
      templateId: ['isUUID'],
      extra: ['whitelistValidation'],
    });
    const { templateId: _templateId, ...withoutTemplate } = valid();
    expect(await rejected(await post(withoutTemplate))).toMatchObject({ templateId: expect.arrayContaining(['isUUID']) });
  });

  it('ratingMin above ratingMax is refused on POST, and on PATCH against the stored other bound', async () => {
    const before = await scenarioCount();
    expect(await rejected(await post(valid({ ratingMin: 4, ratingMax: 2 })))).toEqual({ ratingMin: ['notAboveRatingMax'] });
    expect(await scenarioCount()).toBe(before);
    const scenario = await created({ ratingMin: 2, ratingMax: 4 });
    expect(await rejected(await patch(scenario.id, { ratingMin: 5 }))).toEqual({ ratingMin: ['notAboveRatingMax'] });
    expect(await rejected(await patch(scenario.id, { ratingMax: 1 }))).toEqual({ ratingMin: ['notAboveRatingMax'] });
    expect((await get(scenario.id)).json()).toMatchObject({ ratingMin: 2, ratingMax: 4 });
    expect((await patch(scenario.id, { ratingMax: null, ratingMin: 5 })).json()).toMatchObject({ ratingMin: 5, ratingMax: null });
    expect((await created({ ratingMin: 3, ratingMax: 3 })).ratingMin).toBe(3);
  });

  it('a template of another account, a deleted or a missing one is 404 on POST and PATCH, and nothing changes', async () => {
    const foreignTemplate = await templateOf(await createAccount(t, stranger.id), stranger);
    const deletedTemplate = await templateOf(accountId);
    expect((await templates.remove(deletedTemplate)).statusCode).toBe(204);
    const scenario = await created();
    const before = await scenarioCount();
    for (const id of [foreignTemplate, deletedTemplate, '00000000-0000-4000-8000-000000000000']) {
      expect(expectErrorEnvelope(await post(valid({ templateId: id })), 404, 'NOT_FOUND').message).toBe('Шаблон ответа не найден');
      expect(expectErrorEnvelope(await patch(scenario.id, { templateId: id }), 404, 'NOT_FOUND').message).toBe('Шаблон ответа не найден');
    }
    expect(await scenarioCount()).toBe(before);
    expect((await get(scenario.id)).json()).toEqual(scenario);
    const other = await templateOf(accountId);
    expect((await patch(scenario.id, { templateId: other })).json().templateId).toBe(other);
  });

  it('PATCH changes only the given fields, null clears a condition; the account cannot be changed', async () => {
    const scenario = await created({ brand: 'Бренд', category: 'Платья' });
    const response = await patch(scenario.id, { priority: 7, brand: null, replyMode: 'auto' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ...scenario, priority: 7, brand: null, replyMode: 'auto', updatedAt: expect.any(String) });
    expect(await rejected(await patch(scenario.id, { mpAccountId: accountId }))).toEqual({ mpAccountId: ['whitelistValidation'] });
    expect(await rejected(await patch(scenario.id, { kind: null, isActive: null }))).toMatchObject({
      kind: ['isIn'],
      isActive: ['isBoolean'],
    });
  });

  it('DELETE is soft: 204, then 404 to GET, PATCH and DELETE, and gone from the list; the row stays', async () => {
    const scenario = await created();
    expect((await remove(scenario.id)).statusCode).toBe(204);
    expectErrorEnvelope(await get(scenario.id), 404, 'NOT_FOUND');
    expectErrorEnvelope(await patch(scenario.id, { priority: 1 }), 404, 'NOT_FOUND');
    expectErrorEnvelope(await remove(scenario.id), 404, 'NOT_FOUND');
    const ids = (await list(`mpAccountId=${accountId}&limit=100`)).json().items.map((item: Scenario) => item.id);
    expect(ids).not.toContain(scenario.id);
    const [row] = await db.select().from(replyScenarios).where(eq(replyScenarios.id, scenario.id));
    expect(row.deletedAt).toBeInstanceOf(Date);
  });

  it("a foreign account's scenarios and inbox are 404 to every route, like missing ones", async () => {
    const scenario = await created();
    const feedbackId = await insertInboxItem(db, accountId);
    for (const response of [
      await get(scenario.id, stranger),
      await patch(scenario.id, { priority: 1 }, stranger),
      await remove(scenario.id, stranger),
      await list(`mpAccountId=${accountId}`, stranger),
      await post(valid(), stranger),
      await match(accountId, feedbackId, stranger),
      await get('00000000-0000-4000-8000-000000000000'),
    ])
      expectErrorEnvelope(response, 404, 'NOT_FOUND');
    expect((await get(scenario.id)).json()).toEqual(scenario);
  });

  it('lists the live scenarios of an account with kind and isActive filters, sorted by createdAt (default) or priority', async () => {
    const { account, template } = await freshAccount('Список');
    const add = (extra: Record<string, unknown>) => routes.created({ mpAccountId: account, kind: 'both', templateId: template, ...extra });
    const first = await add({ priority: 30, kind: 'feedbacks' });
    const second = await add({ priority: 10, isActive: false });
    const third = await add({ priority: 20, kind: 'questions' });
    await created();
    const ids = async (query: string) => {
      const response = await list(`mpAccountId=${account}&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().items.map((item: Scenario) => item.id);
    };
    expect(await ids('')).toEqual([first.id, second.id, third.id]);
    expect(await ids('sortDirection=desc')).toEqual([third.id, second.id, first.id]);
    expect(await ids('sortBy=priority')).toEqual([second.id, third.id, first.id]);
    expect(await ids('kind=questions')).toEqual([third.id]);
    expect(await ids('isActive=false')).toEqual([second.id]);
    expect(await ids('isActive=true&sortBy=priority&sortDirection=desc')).toEqual([first.id, third.id]);
    const page = (await list(`mpAccountId=${account}&limit=2&page=2`)).json();
    expect(page).toEqual({ items: [third], meta: { total: 3, page: 2, limit: 2, totalPages: 2, hasNext: false, hasPrev: true } });
    expect(await rejected(await list(`mpAccountId=${account}&sortBy=brand&kind=all&isActive=yes`))).toEqual({
      sortBy: ['isIn'],
      kind: ['isIn'],
      isActive: ['isBoolean'],
    });
  });

  it('writes create, update and delete to the audit log, and nothing for a refused change', async () => {
    const { account, template } = await freshAccount('Аудит');
    const scenario = await routes.created({ mpAccountId: account, kind: 'feedbacks', templateId: template });
    expect((await patch(scenario.id, { priority: 3, useLlm: true })).statusCode).toBe(200);
    await rejected(await patch(scenario.id, { ratingMin: 5, ratingMax: 1 }));
    expectErrorEnvelope(await patch(scenario.id, { templateId }), 404, 'NOT_FOUND');
    expectErrorEnvelope(await remove(scenario.id, stranger), 404, 'NOT_FOUND');
    const deleted = await remove(scenario.id);
    expect(deleted.statusCode).toBe(204);
    const records = await auditRecordsOf(db, account);
    expect(records.map((record) => [record.action, record.userId, record.entityType, record.entityId])).toEqual([
      ['autoreply.template.create', owner.id, 'reply-template', template],
      ['autoreply.scenario.create', owner.id, 'reply-scenario', scenario.id],
      ['autoreply.scenario.update', owner.id, 'reply-scenario', scenario.id],
      ['autoreply.scenario.delete', owner.id, 'reply-scenario', scenario.id],
    ]);
    expect(records[1].details).toEqual({ scenario: expect.objectContaining({ kind: 'feedbacks', priority: 100, templateId: template }) });
    expect(records[2].details).toEqual({
      changed: ['priority', 'useLlm'],
      scenario: expect.objectContaining({ priority: 3, useLlm: true }),
    });
    expect(records[3].details).toEqual({ scenario: expect.objectContaining({ priority: 3 }) });
    expect(records[3].requestId).toBe(deleted.headers['x-request-id']);
  });

  describe('match (Reply rule 1)', () => {
    it('the lowest priority number wins; a tie goes to the older; inactive and deleted ones never', async () => {
      const { account, template } = await freshAccount('Приоритет');
      const add = (extra: Record<string, unknown> = {}) =>
        routes.created({ mpAccountId: account, kind: 'both', templateId: template, ...extra });
      const feedbackId = await insertInboxItem(db, account);
      await add({ priority: 50 });
      const older = await add({ priority: 20 });
      await add({ priority: 20 });
      await add({ priority: 1, isActive: false });
      const deleted = await add({ priority: 2 });
      expect((await remove(deleted.id)).statusCode).toBe(204);
      expect(await matched(account, feedbackId)).toBe(older.id);
      expect((await match(account, feedbackId)).json()).toEqual((await get(older.id)).json());
    });

    it('a brand condition holds for the same brand only; a category condition never', async () => {
      const { account, template } = await freshAccount('Бренд');
      const add = (extra: Record<string, unknown>) =>
        routes.created({ mpAccountId: account, kind: 'both', templateId: template, ...extra });
      const plain = await add({ priority: 100 });
      const acme = await add({ priority: 10, brand: 'Acme' });
      await add({ priority: 1, category: 'Футболки' });
      expect(await matched(account, await insertInboxItem(db, account, { brand: 'Acme' }))).toBe(acme.id);
      expect(await matched(account, await insertInboxItem(db, account, { brand: 'Другой' }))).toBe(plain.id);
      expect(await matched(account, await insertInboxItem(db, account, { brand: '' }))).toBe(plain.id);
    });

    it('a rating range holds for feedbacks rated within it and never for a question; kind decides too', async () => {
      const { account, template } = await freshAccount('Оценки');
      const add = (extra: Record<string, unknown>) => routes.created({ mpAccountId: account, templateId: template, ...extra });
      const low = await add({ priority: 1, kind: 'both', ratingMin: 1, ratingMax: 3 });
      const high = await add({ priority: 2, kind: 'feedbacks', ratingMin: 4 });
      const questions = await add({ priority: 3, kind: 'questions' });
      expect(await matched(account, await insertInboxItem(db, account, { rating: 2 }))).toBe(low.id);
      expect(await matched(account, await insertInboxItem(db, account, { rating: 3 }))).toBe(low.id);
      expect(await matched(account, await insertInboxItem(db, account, { rating: 4 }))).toBe(high.id);
      expect(await matched(account, await insertInboxItem(db, account, { kind: 'question' }))).toBe(questions.id);
    });

    it('no fitting scenario is 404 with a Russian message; so is an item of another account or none', async () => {
      const { account, template } = await freshAccount('Нет сценария');
      await routes.created({ mpAccountId: account, kind: 'questions', templateId: template });
      const none = expectErrorEnvelope(await match(account, await insertInboxItem(db, account)), 404, 'NOT_FOUND');
      expect(none.message).toBe('Ни один активный сценарий кабинета не подходит к этому отзыву или вопросу');
      const foreign = expectErrorEnvelope(await match(account, await insertInboxItem(db, accountId)), 404, 'NOT_FOUND');
      expect(foreign.message).toBe('Отзыв или вопрос не найден');
      const missing = expectErrorEnvelope(await match(account, '00000000-0000-4000-8000-000000000000'), 404, 'NOT_FOUND');
      expect(missing).toEqual({ ...foreign, traceId: missing.traceId });
    });

    it('"match" is its own route, not an id: its query is checked', async () => {
      const response = await t.request({ method: 'GET', url: '/autoreply/scenarios/match', headers: owner.auth });
      expect(await rejected(response)).toMatchObject({
        mpAccountId: expect.arrayContaining(['isUUID']),
      });
    });
  });
});
