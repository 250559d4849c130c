import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DATABASE, Database } from '../src/database/database.tokens';
import { products, repricerRules } from '../src/database/schema';
import { RepricerRuleIndex } from '../src/modules/repricer/runs/repricer-rule-index';
import { expectErrorEnvelope } from './support/envelope';
import { createAccount, createUser, TestUser } from './support/identity';
import { startTestApp, TestApp } from './support/test-app';

const CAP = 3;

const rule = (mpAccountId: string, extra: Record<string, unknown> = {}) => ({
  mpAccountId,
  name: 'Всегда +5 %',
  conditionMetric: 'stock_days',
  conditionOperator: 'always',
  actionType: 'percent',
  actionValue: 5,
  scope: 'sku',
  scopeValue: '101',
  ...extra,
});

let t: TestApp;
/** A second replica on the same database: its own in-memory rule indexes. */
let replica: TestApp;
let db: Database;
let owner: TestUser;

beforeAll(async () => {
  t = await startTestApp({ env: { REPRICER_MAX_RULES_PER_ACCOUNT: String(CAP) } });
  replica = await startTestApp({ shareWith: t, env: { REPRICER_MAX_RULES_PER_ACCOUNT: String(CAP) } });
  db = t.app.get<Database>(DATABASE);
  owner = await createUser(t);
});
afterAll(async () => {
  await replica?.close();
  await t?.close();
});

function post(app: TestApp, payload: Record<string, unknown>) {
  return app.request({ method: 'POST', url: '/repricer/rules', payload, headers: owner.auth });
}

describe('REPRICER_MAX_RULES_PER_ACCOUNT', () => {
  it('answers 409 CONFLICT past the cap; a soft-deleted rule does not count, and other accounts are apart', async () => {
    const account = await createAccount(t, owner.id);
    const ids: string[] = [];
    for (let i = 0; i < CAP; i++) {
      const response = await post(t, rule(account, { isActive: i !== 0 }));
      expect(response.statusCode, response.body).toBe(201);
      ids.push(response.json().id);
    }
    const refused = expectErrorEnvelope(await post(t, rule(account)), 409, 'CONFLICT');
    expect(refused.details).toEqual({ maxRules: CAP });
    expect((await post(t, rule(await createAccount(t, owner.id)))).statusCode).toBe(201);

    expect((await t.request({ method: 'DELETE', url: `/repricer/rules/${ids[0]}`, headers: owner.auth })).statusCode).toBe(204);
    expect((await post(t, rule(account))).statusCode).toBe(201);
    expectErrorEnvelope(await post(t, rule(account)), 409, 'CONFLICT');
    const live = await db.select({ id: repricerRules.id }).from(repricerRules).where(eq(repricerRules.mpAccountId, account));
    expect(live).toHaveLength(CAP + 1);
  });

  it('concurrent creates on two replicas never pass the cap together', async () => {
    const account = await createAccount(t, owner.id);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => post(i % 2 ? replica : t, rule(account, { name: `Правило ${i}` }))),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array(CAP).fill(201), ...Array(60 - CAP).fill(409)]);
    for (const answer of answers.filter((a) => a.statusCode === 409)) expectErrorEnvelope(answer, 409, 'CONFLICT');
    const stored = await db.select({ id: repricerRules.id }).from(repricerRules).where(eq(repricerRules.mpAccountId, account));
    expect(stored).toHaveLength(CAP);
  });
});

describe('the rule index of /repricer/products', () => {
  let account: string;

  beforeAll(async () => {
    account = await createAccount(t, owner.id, 'Индекс');
    await db.insert(products).values(
      [101, 102].map((nmId) => ({
        mpAccountId: account,
        nmId,
        vendorCode: `VC-${nmId}`,
        title: `Товар ${nmId}`,
        brand: 'Бренд',
        cardUpdatedAt: new Date(),
        price: 1000,
      })),
    );
  });

  async function linked(app: TestApp): Promise<Record<number, string | null>> {
    const response = await app.request({
      method: 'GET',
      url: `/repricer/products?mpAccountId=${account}&sort=name&sortDir=asc`,
      headers: owner.auth,
    });
    expect(response.statusCode, response.body).toBe(200);
    return Object.fromEntries(
      response.json().items.map((item: { nmId: number; rule: { name: string } | null }) => [item.nmId, item.rule?.name ?? null]),
    );
  }

  it('is built once per account and kept while its rules do not change', async () => {
    const index = t.app.get(RepricerRuleIndex);
    const first = await index.forAccount(account);
    expect(await index.forAccount(account)).toBe(first);
    await linked(t);
    expect(await index.forAccount(account)).toBe(first);
  });

  it('is never served stale after a create, update or delete made through another replica or straight in the database', async () => {
    expect(await linked(replica)).toEqual({ 101: null, 102: null });
    const created = (await post(t, rule(account, { name: 'А' }))).json();
    expect(await linked(replica)).toEqual({ 101: 'А', 102: null });
    await t.request({
      method: 'PATCH',
      url: `/repricer/rules/${created.id}`,
      payload: { name: 'Б', scopeValue: '102' },
      headers: owner.auth,
    });
    expect(await linked(replica)).toEqual({ 101: null, 102: 'Б' });
    await db.update(repricerRules).set({ isActive: false }).where(eq(repricerRules.id, created.id));
    expect(await linked(replica)).toEqual({ 101: null, 102: null });
    await db.update(repricerRules).set({ isActive: true }).where(eq(repricerRules.id, created.id));
    expect(await linked(replica)).toEqual({ 101: null, 102: 'Б' });
    await t.request({ method: 'DELETE', url: `/repricer/rules/${created.id}`, headers: owner.auth });
    expect(await linked(replica)).toEqual({ 101: null, 102: null });
  });
});
