import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { findPgError } from '../src/common/errors/pg-errors';
import { DATABASE, Database } from '../src/database/database.tokens';
import { BID_STRATEGY_BOUNDS_CHECK, BID_STRATEGY_MIN_BID_CHECK, bidLog, bidStrategies } from '../src/database/schema/autobidder';
import { bidReason } from '../src/shared/autobidder/bid-reason';
import { auditRecordsOf } from './support/audit-records';
import { expectErrorEnvelope, fieldErrors } from './support/envelope';
import { createAccount, createUser, TestUser } from './support/identity';
import { resourceRoutes } from './support/resource-routes';
import { startTestApp, TestApp } from './support/test-app';

const valid = (mpAccountId: string, extra: Record<string, unknown> = {}) => ({
  mpAccountId,
  name: 'Клик за 12 ₽',
  goal: 'cpc',
  targetCpc: 1200,
  minBid: 300,
  maxBid: 5000,
  ...extra,
});

let t: TestApp;
let db: Database;
let owner: TestUser;
let stranger: TestUser;
let accountId: string;

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get<Database>(DATABASE);
  owner = await createUser(t);
  stranger = await createUser(t);
  accountId = await createAccount(t, owner.id);
});
afterAll(() => t.close());

describe('bid strategies', () => {
  const routes = resourceRoutes(
    () => t,
    '/autobidder/strategies',
    () => owner,
  );
  const { post, list, get, patch, remove } = routes;
  const created = (extra: Record<string, unknown> = {}, mpAccountId = accountId) => routes.created(valid(mpAccountId, extra));

  it('creates a strategy with the defaults (no campaigns, active) and answers it; GET answers the same', async () => {
    const strategy = await created();
    expect(strategy).toEqual({
      ...valid(accountId),
      id: expect.any(String),
      targetDrrPct: null,
      targetPosition: null,
      campaigns: [],
      isActive: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await get(strategy.id)).json()).toEqual(strategy);
    const drr = await created({ goal: 'drr', targetCpc: undefined, targetDrrPct: 12.5, campaigns: [11, 12], isActive: false });
    expect(drr).toMatchObject({ goal: 'drr', targetCpc: null, targetDrrPct: 12.5, campaigns: [11, 12], isActive: false });
    const [row] = await db.select().from(bidStrategies).where(eq(bidStrategies.id, drr.id));
    expect(row).toMatchObject({ targetDrrPct: '12.50', campaigns: [11, 12], deletedAt: null });
  });

  it('needs targetCpc for the cpc goal, and 1 ≤ minBid ≤ maxBid', async () => {
    const noTarget = expectErrorEnvelope(await post(valid(accountId, { targetCpc: undefined })), 400, 'VALIDATION_FAILED');
    expect(fieldErrors(noTarget.details)).toEqual({ targetCpc: ['requiredForCpc'] });
    const reversed = expectErrorEnvelope(await post(valid(accountId, { minBid: 5001 })), 400, 'VALIDATION_FAILED');
    expect(fieldErrors(reversed.details)).toEqual({ minBid: ['notAboveMaxBid'] });
    expect((await created({ goal: 'position', targetCpc: null, targetPosition: 3, minBid: 1, maxBid: 1 })).minBid).toBe(1);
  });

  it('checks the fields: goal, kopecks as integers from 1, campaign ids, decimals of the DRR target, unknown fields', async () => {
    const errors = async (extra: Record<string, unknown>) =>
      fieldErrors(expectErrorEnvelope(await post(valid(accountId, extra)), 400, 'VALIDATION_FAILED').details);
    expect(await errors({ goal: 'roi', minBid: 0, maxBid: 10.5, targetDrrPct: 1.234, campaigns: [1, 1] })).toEqual({
      goal: ['isIn'],
      minBid: ['min'],
      maxBid: ['isInt'],
      targetDrrPct: ['isNumber'],
      campaigns: ['arrayUnique'],
    });
    expect(await errors({ name: ' ', campaigns: [0, 'x'], isActive: 'yes', targetPosition: 0 })).toEqual({
      name: ['isLength'],
      campaigns: expect.arrayContaining(['min', 'isInt']),
      isActive: ['isBoolean'],
      targetPosition: ['min'],
    });
    expect(await errors({ strategyId: 'x' })).toEqual({ strategyId: ['whitelistValidation'] });
  });

  it('PATCH changes the given fields, with the rules applied to the stored strategy; the account stays', async () => {
    const strategy = await created();
    const response = await patch(strategy.id, { campaigns: [5], isActive: false, maxBid: 6000 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ...strategy, campaigns: [5], isActive: false, maxBid: 6000, updatedAt: expect.any(String) });
    expect(fieldErrors(expectErrorEnvelope(await patch(strategy.id, { minBid: 6001 }), 400, 'VALIDATION_FAILED').details)).toEqual({
      minBid: ['notAboveMaxBid'],
    });
    expect(fieldErrors(expectErrorEnvelope(await patch(strategy.id, { targetCpc: null }), 400, 'VALIDATION_FAILED').details)).toEqual({
      targetCpc: ['requiredForCpc'],
    });
    expect(
      fieldErrors(expectErrorEnvelope(await patch(strategy.id, { mpAccountId: accountId }), 400, 'VALIDATION_FAILED').details),
    ).toEqual({
      mpAccountId: ['whitelistValidation'],
    });
    expect((await get(strategy.id)).json()).toMatchObject({ minBid: 300, targetCpc: 1200, maxBid: 6000 });
  });

  it('the database itself refuses a strategy with minBid above maxBid or below 1, inserted or updated', async () => {
    const violation = async (write: Promise<unknown>) =>
      findPgError(
        await write.then(
          () => null,
          (error: unknown) => error,
        ),
      );
    const row = { mpAccountId: accountId, name: 'Мимо API', goal: 'position' as const, minBid: 500, maxBid: 400 };
    expect(await violation(db.insert(bidStrategies).values(row))).toMatchObject({ code: '23514', constraint: BID_STRATEGY_BOUNDS_CHECK });
    expect(await violation(db.insert(bidStrategies).values({ ...row, minBid: 0 }))).toMatchObject({
      code: '23514',
      constraint: BID_STRATEGY_MIN_BID_CHECK,
    });
    const strategy = await created();
    expect(await violation(db.update(bidStrategies).set({ maxBid: 100 }).where(eq(bidStrategies.id, strategy.id)))).toMatchObject({
      constraint: BID_STRATEGY_BOUNDS_CHECK,
    });
    expect((await get(strategy.id)).json()).toMatchObject({ minBid: 300, maxBid: 5000 });
  });

  it('racing PATCHes of the bounds answer 200 or 400 VALIDATION_FAILED (never 500), and the stored bounds hold', async () => {
    for (let round = 0; round < 5; round += 1) {
      const strategy = await created({ minBid: 100, maxBid: 1000 });
      const answers = await Promise.all([patch(strategy.id, { minBid: 800 }), patch(strategy.id, { maxBid: 500 })]);
      for (const answer of answers)
        if (answer.statusCode !== 200)
          expect(fieldErrors(expectErrorEnvelope(answer, 400, 'VALIDATION_FAILED').details)).toEqual({ minBid: ['notAboveMaxBid'] });
      const stored = (await get(strategy.id)).json();
      expect(stored.minBid).toBeLessThanOrEqual(stored.maxBid);
    }
  });

  it('DELETE is soft: 204, then 404, gone from the list; the row stays', async () => {
    const strategy = await created();
    expect((await remove(strategy.id)).statusCode).toBe(204);
    expectErrorEnvelope(await get(strategy.id), 404, 'NOT_FOUND');
    expectErrorEnvelope(await patch(strategy.id, { name: 'x' }), 404, 'NOT_FOUND');
    expectErrorEnvelope(await remove(strategy.id), 404, 'NOT_FOUND');
    const ids = (await list(`mpAccountId=${accountId}&limit=100`)).json().items.map((item: { id: string }) => item.id);
    expect(ids).not.toContain(strategy.id);
    const [row] = await db.select().from(bidStrategies).where(eq(bidStrategies.id, strategy.id));
    expect(row.deletedAt).toBeInstanceOf(Date);
  });

  it('lists the live strategies of an account in pages, by creation or name, with the isActive filter', async () => {
    const account = await createAccount(t, owner.id, 'Список');
    await created({ name: 'Б' }, account);
    await created({ name: 'А', isActive: false }, account);
    await created({ name: 'В' }, account);
    const names = async (query: string) =>
      (await list(`mpAccountId=${account}&${query}`)).json().items.map((item: { name: string }) => item.name);
    expect(await names('')).toEqual(['Б', 'А', 'В']);
    expect(await names('sortBy=name&sortDirection=desc')).toEqual(['В', 'Б', 'А']);
    expect(await names('isActive=false')).toEqual(['А']);
    expect(await names('q=б')).toEqual(['Б']);
    expect(await names('q=%25')).toEqual([]);
    expect((await list(`mpAccountId=${account}&limit=2&page=2`)).json().meta).toEqual({
      total: 3,
      page: 2,
      limit: 2,
      totalPages: 2,
      hasNext: false,
      hasPrev: true,
    });
  });

  it("a foreign account's strategies are 404 to every route, like a missing one", async () => {
    const strategy = await created();
    for (const response of [
      await get(strategy.id, stranger),
      await patch(strategy.id, { name: 'x' }, stranger),
      await remove(strategy.id, stranger),
      await list(`mpAccountId=${accountId}`, stranger),
      await post(valid(accountId), stranger),
      await get('00000000-0000-4000-8000-000000000000'),
    ])
      expectErrorEnvelope(response, 404, 'NOT_FOUND');
    expect((await get(strategy.id)).json()).toEqual(strategy);
  });

  it('writes create, update and delete to the audit log', async () => {
    const account = await createAccount(t, owner.id, 'Аудит');
    const strategy = await created({}, account);
    expect((await patch(strategy.id, { name: 'Новое' })).statusCode).toBe(200);
    expect((await remove(strategy.id)).statusCode).toBe(204);
    const records = await auditRecordsOf(db, account);
    expect(records.map((record) => [record.action, record.userId, record.entityType, record.entityId])).toEqual([
      ['autobidder.strategy.create', owner.id, 'bid-strategy', strategy.id],
      ['autobidder.strategy.update', owner.id, 'bid-strategy', strategy.id],
      ['autobidder.strategy.delete', owner.id, 'bid-strategy', strategy.id],
    ]);
    expect(records[0].details).toEqual({
      strategy: {
        name: 'Клик за 12 ₽',
        goal: 'cpc',
        targetCpc: 1200,
        targetDrrPct: null,
        targetPosition: null,
        minBid: 300,
        maxBid: 5000,
        campaigns: [],
        isActive: true,
      },
    });
    expect(records[1].details).toMatchObject({ changed: ['name'], strategy: { name: 'Новое' } });
  });
});

describe('the bid log', () => {
  const entry = (mpAccountId: string, advertId: number, minutesAgo: number, bidAfter: number) => ({
    mpAccountId,
    advertId,
    campaignName: `Кампания ${advertId}`,
    nmId: 5000 + minutesAgo,
    placement: 'combined' as const,
    bidBefore: 1000,
    bidAfter,
    reason: 'Цена клика выше цели',
    strategyId: null,
    createdAt: new Date(Date.now() - minutesAgo * 60_000),
  });
  const lowered = bidReason('lowered', { target: 700, minBid: 100, maxBid: 5000 });
  const read = (query: string, user = owner) => t.request({ method: 'GET', url: `/autobidder/bid-log?${query}`, headers: user.auth });

  it('lists the entries newest first in kopecks, of one campaign with campaignId, in pages; a foreign account is 404', async () => {
    const account = await createAccount(t, owner.id, 'Журнал');
    const other = await createAccount(t, owner.id, 'Другой');
    await db
      .insert(bidLog)
      .values([
        entry(account, 1, 30, 500),
        { ...entry(account, 2, 10, 750), reasonFields: lowered },
        entry(account, 1, 20, 1500),
        entry(other, 1, 5, 1),
      ]);
    const all = await read(`mpAccountId=${account}`);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().items.map((item: { bidAfter: number }) => item.bidAfter)).toEqual([750, 1500, 500]);
    expect(all.json().items[0]).toEqual({
      advertId: 2,
      campaignName: 'Кампания 2',
      nmId: 5010,
      productName: null,
      placement: 'combined',
      bidBefore: 1000,
      bidAfter: 750,
      reason: 'Цена клика выше цели',
      // The bid's before and after are the entry's own, whatever the stored reason held.
      reasonFields: { kind: 'lowered', before: 1000, after: 750, target: 700, actual: null, minBid: 100, maxBid: 5000, refusal: null },
      strategyId: null,
      createdAt: expect.any(String),
    });
    // An entry written before reasons were kept as fields has none.
    expect(all.json().items[1]).toMatchObject({ reason: 'Цена клика выше цели', reasonFields: null });
    expect((await read(`mpAccountId=${account}&campaignId=1`)).json().items.map((item: { bidAfter: number }) => item.bidAfter)).toEqual([
      1500, 500,
    ]);
    const page = (await read(`mpAccountId=${account}&limit=2&page=2`)).json();
    expect(page).toMatchObject({ items: [{ bidAfter: 500 }], meta: { total: 3, page: 2, hasNext: false } });
    expectErrorEnvelope(await read(`mpAccountId=${account}`, stranger), 404, 'NOT_FOUND');
    expect(fieldErrors(expectErrorEnvelope(await read(`mpAccountId=${account}&campaignId=x`), 400, 'VALIDATION_FAILED').details)).toEqual({
      campaignId: expect.arrayContaining(['isInt']),
    });
  });
});
