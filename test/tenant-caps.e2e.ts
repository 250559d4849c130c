import { and, eq, isNull } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DATABASE, Database } from '../src/database/database.tokens';
import { complaintRules, mpAccounts, replyScenarios, replyTemplates } from '../src/database/schema';
import { adBudgetLimits, adCampaigns, bidStrategies } from '../src/database/schema/autobidder';
import { expectErrorEnvelope } from './support/envelope';
import { createAccount, createUser, TestUser } from './support/identity';
import { startTestApp, TestApp } from './support/test-app';

type Payload = Record<string, unknown>;

const CAP = 2;
const CAMPAIGNS_CAP = 3;
const PARALLEL = 16;
const CAPS_ENV = {
  AUTOBIDDER_MAX_STRATEGIES_PER_ACCOUNT: String(CAP),
  AUTOBIDDER_MAX_CAMPAIGNS_PER_STRATEGY: String(CAMPAIGNS_CAP),
  AUTOBIDDER_MAX_BUDGET_LIMITS_PER_ACCOUNT: String(CAP),
  AUTOREPLY_MAX_TEMPLATES_PER_ACCOUNT: String(CAP),
  AUTOREPLY_MAX_SCENARIOS_PER_ACCOUNT: String(CAP),
  AUTOREPLY_MAX_COMPLAINT_RULES_PER_ACCOUNT: String(CAP),
  MP_ACCOUNTS_MAX_PER_USER: String(CAP),
};

let t: TestApp;
/** A second replica on the same database. */
let replica: TestApp;
let db: Database;
let owner: TestUser;

beforeAll(async () => {
  t = await startTestApp({ env: CAPS_ENV });
  replica = await startTestApp({ shareWith: t, env: CAPS_ENV });
  db = t.app.get<Database>(DATABASE);
  owner = await createUser(t);
});
afterAll(async () => {
  await replica?.close();
  await t?.close();
});

const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Payload, user = owner, app = t) =>
  app.request({ method, url, payload, headers: user.auth });

/** A resource an account holds under a cap: its route, the cap's name in details, its table, and the n-th valid body. */
interface CappedResource {
  path: string;
  detail: string;
  table: PgTable & { mpAccountId: PgColumn; deletedAt: PgColumn };
  /** Sets up what the account's bodies need and answers the n-th body. */
  bodies(mpAccountId: string): Promise<(n: number) => Payload>;
}

const RESOURCES: Record<string, CappedResource> = {
  'bid strategies': {
    path: '/autobidder/strategies',
    detail: 'maxStrategies',
    table: bidStrategies,
    bodies: async (mpAccountId) => (n) => ({ mpAccountId, name: `Стратегия ${n}`, goal: 'cpc', targetCpc: 500, minBid: 150, maxBid: 2000 }),
  },
  'budget limits': {
    path: '/autobidder/budgets',
    detail: 'maxBudgetLimits',
    table: adBudgetLimits,
    bodies: async (mpAccountId) => (n) => ({ mpAccountId, advertId: 1000 + n, dailyLimitRub: 500, onLimitAction: 'pause' }),
  },
  'reply templates': {
    path: '/autoreply/templates',
    detail: 'maxTemplates',
    table: replyTemplates,
    bodies: async (mpAccountId) => (n) => ({ mpAccountId, name: `Шаблон ${n}`, type: 'both', text: 'Спасибо за {{ kind }}!' }),
  },
  'reply scenarios': {
    path: '/autoreply/scenarios',
    detail: 'maxScenarios',
    table: replyScenarios,
    bodies: async (mpAccountId) => {
      const template = await send('POST', '/autoreply/templates', { mpAccountId, name: 'Шаблон', type: 'both', text: 'Спасибо!' });
      expect(template.statusCode, template.body).toBe(201);
      return (n) => ({ mpAccountId, kind: 'both', priority: n, templateId: template.json().id });
    },
  },
  'complaint rules': {
    path: '/autoreply/complaint-rules',
    detail: 'maxComplaintRules',
    table: complaintRules,
    bodies: async (mpAccountId) => (n) => ({ mpAccountId, ratingMax: 3, priority: n }),
  },
};

async function liveRows(resource: CappedResource, mpAccountId: string): Promise<number> {
  const rows = await db
    .select()
    .from(resource.table as PgTable)
    .where(and(eq(resource.table.mpAccountId, mpAccountId), isNull(resource.table.deletedAt)));
  return rows.length;
}

describe.each(Object.entries(RESOURCES))('the cap of %s per account', (_name, resource) => {
  it('answers 409 CONFLICT naming the cap once the account holds it; a deleted one frees its place; other accounts are apart', async () => {
    const account = await createAccount(t, owner.id);
    const body = await resource.bodies(account);
    const ids: string[] = [];
    for (let n = 0; n < CAP; n++) {
      const created = await send('POST', resource.path, body(n));
      expect(created.statusCode, created.body).toBe(201);
      ids.push(created.json().id);
    }
    const refused = expectErrorEnvelope(await send('POST', resource.path, body(CAP)), 409, 'CONFLICT');
    expect(refused.details).toEqual({ [resource.detail]: CAP });
    expect(refused.message).toContain(`: ${CAP}, предел — ${CAP}. Удалите`);
    expect(await liveRows(resource, account)).toBe(CAP);

    const other = await createAccount(t, owner.id, 'Другой кабинет');
    expect((await send('POST', resource.path, (await resource.bodies(other))(0))).statusCode).toBe(201);

    expect((await send('DELETE', `${resource.path}/${ids[0]}`)).statusCode).toBe(204);
    expect((await send('POST', resource.path, body(CAP + 1))).statusCode).toBe(201);
    expectErrorEnvelope(await send('POST', resource.path, body(CAP + 2)), 409, 'CONFLICT');
    expect(await liveRows(resource, account)).toBe(CAP);
  });

  it('parallel creates on two replicas never pass the cap together', async () => {
    const account = await createAccount(t, owner.id);
    const body = await resource.bodies(account);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, n) => send('POST', resource.path, body(n), owner, n % 2 ? replica : t)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array(CAP).fill(201), ...Array(PARALLEL - CAP).fill(409)]);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(expectErrorEnvelope(answer, 409, 'CONFLICT').details).toEqual({ [resource.detail]: CAP });
    }
    expect(await liveRows(resource, account)).toBe(CAP);
  });
});

describe('the cap of campaigns in the list of a bid strategy', () => {
  const strategy = (mpAccountId: string, campaigns: number[]) => ({
    mpAccountId,
    name: 'Список кампаний',
    goal: 'cpc',
    targetCpc: 500,
    minBid: 150,
    maxBid: 2000,
    campaigns,
  });
  const campaigns = (count: number, from = 1) => Array.from({ length: count }, (_, i) => from + i);

  it('answers 409 on create and on update past the cap, and changes nothing', async () => {
    const account = await createAccount(t, owner.id);
    const tooMany = expectErrorEnvelope(
      await send('POST', '/autobidder/strategies', strategy(account, campaigns(CAMPAIGNS_CAP + 1))),
      409,
      'CONFLICT',
    );
    expect(tooMany.details).toEqual({ maxCampaigns: CAMPAIGNS_CAP });
    expect(tooMany.message).toContain(`Кампаний в списке стратегии: ${CAMPAIGNS_CAP + 1}, предел — ${CAMPAIGNS_CAP}.`);
    expect(await db.select().from(bidStrategies).where(eq(bidStrategies.mpAccountId, account))).toEqual([]);

    const created = await send('POST', '/autobidder/strategies', strategy(account, campaigns(CAMPAIGNS_CAP)));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    const longer = await send('PATCH', `/autobidder/strategies/${id}`, { campaigns: campaigns(CAMPAIGNS_CAP + 1, 100) });
    expect(expectErrorEnvelope(longer, 409, 'CONFLICT').details).toEqual({ maxCampaigns: CAMPAIGNS_CAP });
    const [stored] = await db.select().from(bidStrategies).where(eq(bidStrategies.id, id));
    expect(stored.campaigns).toEqual(campaigns(CAMPAIGNS_CAP));
    const shorter = await send('PATCH', `/autobidder/strategies/${id}`, { campaigns: [100, 101] });
    expect(shorter.statusCode, shorter.body).toBe(200);
  });
});

describe('a daily budget set on a campaign', () => {
  it('creates its limit within the cap of budget limits: past it, 409 and no limit', async () => {
    const account = await createAccount(t, owner.id);
    for (let n = 0; n < CAP; n++) {
      const limit = await send('POST', '/autobidder/budgets', {
        mpAccountId: account,
        advertId: 500 + n,
        dailyLimitRub: 100,
        onLimitAction: 'pause',
      });
      expect(limit.statusCode, limit.body).toBe(201);
    }
    const advertId = 777;
    await db
      .insert(adCampaigns)
      .values({ mpAccountId: account, advertId, name: 'Кампания', status: 9, type: 9, bidType: 'unified', paymentType: 'cpm' });
    const refused = await send('PATCH', `/autobidder/campaigns/${advertId}`, { mpAccountId: account, dailyBudget: 700 });
    expect(expectErrorEnvelope(refused, 409, 'CONFLICT').details).toEqual({ maxBudgetLimits: CAP });
    expect(await db.select().from(adBudgetLimits).where(eq(adBudgetLimits.advertId, advertId))).toEqual([]);
  });
});

describe('the cap of accounts per user', () => {
  const connect = (user: TestUser, n: number, app = t) =>
    send('POST', '/mp-accounts', { name: `Кабинет ${n}`, apiKey: `marketplace-key-${n}-0123456789` }, user, app);
  const liveAccounts = async (user: TestUser) =>
    (
      await db
        .select()
        .from(mpAccounts)
        .where(and(eq(mpAccounts.ownerId, user.id), isNull(mpAccounts.deletedAt)))
    ).length;

  it('answers 409 CONFLICT naming the cap once the user owns it; a deleted account frees its place; other users are apart', async () => {
    const user = await createUser(t);
    const ids: string[] = [];
    for (let n = 0; n < CAP; n++) {
      const created = await connect(user, n);
      expect(created.statusCode, created.body).toBe(201);
      ids.push(created.json().id);
    }
    const refused = expectErrorEnvelope(await connect(user, CAP), 409, 'CONFLICT');
    expect(refused.details).toEqual({ maxAccounts: CAP });
    expect(refused.message).toContain(`Кабинетов у пользователя: ${CAP}, предел — ${CAP}.`);
    expect(await liveAccounts(user)).toBe(CAP);

    expect((await connect(await createUser(t), 0)).statusCode).toBe(201);

    expect((await send('DELETE', `/mp-accounts/${ids[0]}`, undefined, user)).statusCode).toBe(204);
    expect((await connect(user, CAP + 1)).statusCode).toBe(201);
    expectErrorEnvelope(await connect(user, CAP + 2), 409, 'CONFLICT');
    expect(await liveAccounts(user)).toBe(CAP);
  });

  it('parallel connects on two replicas never pass the cap together', async () => {
    const user = await createUser(t);
    const answers = await Promise.all(Array.from({ length: PARALLEL }, (_, n) => connect(user, n, n % 2 ? replica : t)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([...Array(CAP).fill(201), ...Array(PARALLEL - CAP).fill(409)]);
    expect(await liveAccounts(user)).toBe(CAP);
  });
});

describe('the API docs', () => {
  const CAPPED_ROUTES: [string, 'post' | 'patch', string[]][] = [
    ['/repricer/rules', 'post', ['REPRICER_MAX_RULES_PER_ACCOUNT']],
    ['/autobidder/strategies', 'post', ['AUTOBIDDER_MAX_STRATEGIES_PER_ACCOUNT', 'AUTOBIDDER_MAX_CAMPAIGNS_PER_STRATEGY']],
    ['/autobidder/strategies/{id}', 'patch', ['AUTOBIDDER_MAX_CAMPAIGNS_PER_STRATEGY']],
    ['/autobidder/budgets', 'post', ['AUTOBIDDER_MAX_BUDGET_LIMITS_PER_ACCOUNT']],
    ['/autobidder/campaigns/{advertId}', 'patch', ['AUTOBIDDER_MAX_BUDGET_LIMITS_PER_ACCOUNT']],
    ['/autoreply/templates', 'post', ['AUTOREPLY_MAX_TEMPLATES_PER_ACCOUNT']],
    ['/autoreply/scenarios', 'post', ['AUTOREPLY_MAX_SCENARIOS_PER_ACCOUNT']],
    ['/autoreply/complaint-rules', 'post', ['AUTOREPLY_MAX_COMPLAINT_RULES_PER_ACCOUNT']],
    ['/mp-accounts', 'post', ['MP_ACCOUNTS_MAX_PER_USER']],
  ];

  it.each(CAPPED_ROUTES)('%s (%s) says each of its caps and documents the 409', async (path, method, variables) => {
    const document = (await t.request({ method: 'GET', url: '/api/docs-json' })).json();
    const operation = document.paths[path][method];
    for (const variable of variables) {
      expect(operation.description).toContain(variable);
      expect(operation.responses['409'].description).toContain(variable);
    }
  });
});
