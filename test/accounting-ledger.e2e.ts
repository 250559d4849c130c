import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DATABASE, Database } from '../src/database/database.tokens';
import { auditLogs, ledgerTransactions } from '../src/database/schema';
import { expectErrorEnvelope } from './support/envelope';
import { createAccount, createUser, grantedBrand, TestUser } from './support/identity';
import { insertProducts } from './support/pricing-catalog';
import { startTestApp, TestApp } from './support/test-app';

let t: TestApp;
let db: Database;
let owner: TestUser;
let stranger: TestUser;
let manager: TestUser;
let admin: TestUser;
let accountId: string;
let importedId: string;
const [NM_OPEN, NM_CLOSED] = [8101, 8102];
/** Above 2^53: a report id only a string keeps exact. */
const REPORT_ID = '9007199254740993';

const request = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user: TestUser = owner, payload?: Record<string, unknown>) =>
  t.request({ method, url, headers: user.auth, ...(payload !== undefined && { payload }) });
const list = (query = '', user: TestUser = owner) => request('GET', `/accounting/transactions?mpAccountId=${accountId}${query}`, user);
const create = (payload: Record<string, unknown>, user: TestUser = owner) =>
  request('POST', '/accounting/transactions', user, { mpAccountId: accountId, ...payload });
const actions = async (action: string) =>
  (
    await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.mpAccountId, accountId), eq(auditLogs.action, action)))
  ).map((row) => row.details);

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get<Database>(DATABASE);
  [owner, stranger, manager, admin] = await Promise.all([createUser(t), createUser(t), createUser(t, 'manager'), createUser(t, 'admin')]);
  accountId = await createAccount(t, owner.id);
  await insertProducts(db, accountId, [NM_OPEN, NM_CLOSED]);
  await grantedBrand(t, admin, manager, accountId, [NM_OPEN]);
  const [row] = await db
    .insert(ledgerTransactions)
    .values([
      {
        mpAccountId: accountId,
        date: '2026-11-02',
        amount: '1799.99',
        type: 'sale',
        source: 'mp_report',
        reportId: REPORT_ID,
        nmId: NM_OPEN,
        srid: 'srid-1',
      },
      {
        mpAccountId: accountId,
        date: '2026-11-02',
        amount: '-73.40',
        type: 'logistics',
        source: 'mp_report',
        reportId: REPORT_ID,
        nmId: NM_CLOSED,
      },
      { mpAccountId: accountId, date: '2026-11-03', amount: '-1500.00', type: 'storage', source: 'mp_report', reportId: REPORT_ID },
    ])
    .returning();
  importedId = row.id;
});

afterAll(() => t.close());

describe('the ledger', () => {
  it('lists the account’s operations newest day first, amounts to the kopeck and the report id as a string', async () => {
    const response = await list();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().meta).toMatchObject({ total: 3 });
    const items = response.json().items as { date: string; amount: number; type: string }[];
    expect(items.map((item) => item.date)).toEqual(['2026-11-03', '2026-11-02', '2026-11-02']);
    expect(items.map((item) => item.amount).sort()).toEqual([-1500, -73.4, 1799.99].sort());
    expect(items.find((item) => item.type === 'sale')).toMatchObject({
      type: 'sale',
      source: 'mp_report',
      reportId: REPORT_ID,
      nmId: NM_OPEN,
      srid: 'srid-1',
    });
    expect((await list('&type=logistics')).json().items).toMatchObject([{ nmId: NM_CLOSED, amount: -73.4 }]);
    expect((await list(`&nmId=${NM_OPEN}&dateFrom=2026-11-02&dateTo=2026-11-02`)).json().meta.total).toBe(1);
    expect((await list('&dateFrom=2026-11-03')).json().meta.total).toBe(1);
    expectErrorEnvelope(await list('&type=bribe'), 400, 'VALIDATION_FAILED');
    expectErrorEnvelope(await list('&dateFrom=2026-13-01'), 400, 'VALIDATION_FAILED');
  });

  it('a manual operation is created, changed and softly deleted by the owner, each step audited', async () => {
    const created = await create({ date: '2026-11-04', amount: -350.5, type: 'packaging', nmId: NM_OPEN, comment: 'Коробки' });
    expect(created.statusCode, created.body).toBe(201);
    const transaction = created.json();
    expect(transaction).toMatchObject({ amount: -350.5, type: 'packaging', source: 'manual', createdBy: owner.id, reportId: null });
    const changed = await request('PATCH', `/accounting/transactions/${transaction.id}`, owner, { amount: -0.01, comment: '' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ amount: -0.01, comment: '', type: 'packaging', date: '2026-11-04' });
    const [stored] = await db.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, transaction.id));
    expect(stored.amount).toBe('-0.01');
    expect((await request('DELETE', `/accounting/transactions/${transaction.id}`)).statusCode).toBe(204);
    expect((await list('&source=manual')).json().items).toEqual([]);
    expectErrorEnvelope(await request('PATCH', `/accounting/transactions/${transaction.id}`, owner, { amount: 1 }), 404, 'NOT_FOUND');
    expect(await actions('accounting.transaction.update')).toEqual([
      {
        before: { date: '2026-11-04', amount: -350.5, type: 'packaging', nmId: NM_OPEN, comment: 'Коробки' },
        after: { date: '2026-11-04', amount: -0.01, type: 'packaging', nmId: NM_OPEN, comment: '' },
      },
    ]);
    expect(await actions('accounting.transaction.create')).toHaveLength(1);
    expect(await actions('accounting.transaction.delete')).toHaveLength(1);
  });

  it('an imported operation cannot be changed or deleted (409) and stays as it was', async () => {
    expectErrorEnvelope(await request('PATCH', `/accounting/transactions/${importedId}`, owner, { amount: 1 }), 409, 'CONFLICT');
    expectErrorEnvelope(await request('DELETE', `/accounting/transactions/${importedId}`), 409, 'CONFLICT');
    const [row] = await db.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, importedId));
    expect(row).toMatchObject({ amount: '1799.99', deletedAt: null });
  });

  it('bad input changes nothing: amounts past kopecks or the bound, unknown types, fields of another shape', async () => {
    const before = (await list()).json().meta.total;
    for (const payload of [
      { date: '2026-11-04', amount: 10.005, type: 'other' },
      { date: '2026-11-04', amount: 2_000_000_000, type: 'other' },
      { date: '2026-11-04', amount: 10, type: 'bribe' },
      { date: '04.11.2026', amount: 10, type: 'other' },
      { date: '2026-11-04', amount: '10', type: 'other' },
      { date: '2026-11-04', amount: 10, type: 'other', source: 'mp_report' },
    ])
      expectErrorEnvelope(await create(payload), 400, 'VALIDATION_FAILED');
    expect((await list()).json().meta.total).toBe(before);
  });

  it('a stranger gets 404 everywhere; a manager sees only the operations of a granted brand’s cards and cannot write', async () => {
    expectErrorEnvelope(await list('', stranger), 404, 'NOT_FOUND');
    expectErrorEnvelope(await create({ date: '2026-11-04', amount: 1, type: 'other' }, stranger), 404, 'NOT_FOUND');
    expectErrorEnvelope(await request('PATCH', `/accounting/transactions/${importedId}`, stranger, { amount: 1 }), 404, 'NOT_FOUND');
    expectErrorEnvelope(await request('DELETE', `/accounting/transactions/${importedId}`, stranger), 404, 'NOT_FOUND');
    const seen = await list('', manager);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().items.map((item: { nmId: number }) => item.nmId)).toEqual([NM_OPEN]);
    expectErrorEnvelope(await create({ date: '2026-11-04', amount: 1, type: 'other' }, manager), 404, 'NOT_FOUND');
  });
});

describe('accounting settings', () => {
  const settings = (user: TestUser = owner) => request('GET', `/accounting/settings?mpAccountId=${accountId}`, user);
  const patch = (payload: Record<string, unknown>, user: TestUser = owner) =>
    request('PATCH', '/accounting/settings', user, { mpAccountId: accountId, ...payload });

  it('none at first; a regime and rate are stored exactly and audited with what they replaced', async () => {
    expect((await settings()).json()).toEqual({ mpAccountId: accountId, taxRegime: 'none', taxRatePct: 0, updatedAt: null });
    const saved = await patch({ taxRegime: 'usn_income', taxRatePct: 6 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await settings()).json()).toMatchObject({ taxRegime: 'usn_income', taxRatePct: 6 });
    expect((await patch({ taxRegime: 'usn_income_expense', taxRatePct: 12.55 })).json()).toMatchObject({ taxRatePct: 12.55 });
    expect(await actions('accounting.settings.update')).toContainEqual({
      before: { taxRegime: 'usn_income', taxRatePct: 6 },
      after: { taxRegime: 'usn_income_expense', taxRatePct: 12.55 },
    });
    expectErrorEnvelope(await patch({ taxRegime: 'usn', taxRatePct: 6 }), 400, 'VALIDATION_FAILED');
    expectErrorEnvelope(await patch({ taxRegime: 'osno', taxRatePct: 100.01 }), 400, 'VALIDATION_FAILED');
    expect((await settings()).json()).toMatchObject({ taxRegime: 'usn_income_expense', taxRatePct: 12.55 });
    expectErrorEnvelope(await settings(stranger), 404, 'NOT_FOUND');
    expectErrorEnvelope(await patch({ taxRegime: 'osno', taxRatePct: 20 }, stranger), 404, 'NOT_FOUND');
  });
});
