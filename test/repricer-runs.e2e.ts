import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import type { Database } from '../src/database/database.tokens';
import { priceHistory, products, repricerRules, repricerRuns } from '../src/database/schema';
import { priceUpload } from '../src/marketplace/endpoints/prices';
import { RepricerRunsService } from '../src/modules/repricer/runs/repricer-runs.service';
import { auditRecordsOf } from './support/audit-records';
import { callsOf, emulatedServiceForFile, injectFaults, RunningEmulator } from './support/marketplace';
import { PricedAccount, pricedAccount } from './support/pricing-accounts';
import type { TestApp } from './support/test-app';

const UPLOAD = priceUpload.path;

let emulator: RunningEmulator;
let t: TestApp;
let db: Database;

emulatedServiceForFile((service) => ({ emulator, t, db } = service));

let created = 0;
async function addRule(account: PricedAccount, rule: Partial<typeof repricerRules.$inferInsert>): Promise<string> {
  created++;
  const [row] = await db
    .insert(repricerRules)
    .values({
      mpAccountId: account.accountId,
      name: `Правило ${created}`,
      conditionMetric: 'stock_days',
      conditionOperator: 'always',
      actionType: 'absolute',
      actionValue: '10',
      scope: 'list',
      scopeValue: JSON.stringify(account.nmIds),
      createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, created)),
      ...rule,
    })
    .returning({ id: repricerRules.id });
  return row.id;
}

function run(account: PricedAccount, items?: unknown[]) {
  return t.request({
    method: 'POST',
    url: '/repricer/run',
    headers: account.auth,
    payload: { mpAccountId: account.accountId, ...(items ? { items } : {}) },
  });
}

async function historyOf(account: PricedAccount) {
  return db.select().from(priceHistory).where(eq(priceHistory.mpAccountId, account.accountId));
}

async function priceOf(account: PricedAccount, nmId: number): Promise<number | null> {
  const [row] = await db
    .select({ price: products.price })
    .from(products)
    .where(and(eq(products.mpAccountId, account.accountId), eq(products.nmId, nmId)));
  return row.price;
}

describe('POST /repricer/run', () => {
  it('uploads the changed prices once, records them as repricer history of the run and updates the snapshot', async () => {
    const account = await pricedAccount(t, emulator, 5);
    await addRule(account, { scope: 'sku', scopeValue: String(account.nmIds[0]), actionType: 'percent', actionValue: '-10' });
    await addRule(account, { isActive: false, actionValue: '500' });
    await addRule(account, { deletedAt: new Date(), actionValue: '700' });
    await addRule(account, {
      conditionOperator: 'gt',
      conditionValue: '5',
      scope: 'sku',
      scopeValue: String(account.nmIds[1]),
      actionValue: '1',
    });
    const response = await run(account);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result).toEqual({ runId: expect.any(String), outcome: 'success', changed: 1, skipped: 4, taskIds: [expect.any(Number)] });
    expect(callsOf(emulator, account.sellerId, 'prices', UPLOAD)).toHaveLength(1);
    const history = await historyOf(account);
    expect(history).toEqual([
      expect.objectContaining({
        nmId: account.nmIds[0],
        oldPrice: 1000,
        newPrice: 900,
        source: 'repricer',
        repricerRunId: result.runId,
        taskId: result.taskIds[0],
        oldDiscount: 10,
        newDiscount: null,
      }),
    ]);
    expect(await priceOf(account, account.nmIds[0])).toBe(900);
  });

  it('fires a metric rule and a brand rule only when the API run passes the metric and the brand', async () => {
    const account = await pricedAccount(t, emulator, 3);
    const [a, b, c] = account.nmIds;
    await addRule(account, {
      conditionMetric: 'margin_pct',
      conditionOperator: 'lte',
      conditionValue: '20',
      scope: 'sku',
      scopeValue: String(a),
      actionValue: '5',
    });
    await addRule(account, { scope: 'brand', scopeValue: 'Бренд', actionValue: '7' });
    expect((await run(account)).json()).toMatchObject({ outcome: 'no_changes', changed: 0, skipped: 3, taskIds: [] });
    const response = await run(account, [
      { nmId: a, metrics: { margin_pct: 20 } },
      { nmId: b, brand: 'Бренд' },
      { nmId: c, brand: 'бренд' },
    ]);
    expect(response.json()).toMatchObject({ outcome: 'success', changed: 2, skipped: 1 });
    expect([await priceOf(account, a), await priceOf(account, b), await priceOf(account, c)]).toEqual([1005, 1007, 1000]);
  });

  it('on a rejection ends with the error outcome and records nothing in the history', async () => {
    const account = await pricedAccount(t, emulator, 3);
    await addRule(account, {});
    injectFaults(emulator, [
      { scope: 'prices', path: UPLOAD, status: 400, body: { data: null, error: true, errorText: 'Цены не прошли проверку' }, times: 1 },
    ]);
    const response = await run(account);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ outcome: 'error', changed: 0, errorText: 'Цены не прошли проверку', taskIds: [] });
    expect(await historyOf(account)).toEqual([]);
    expect(await priceOf(account, account.nmIds[0])).toBe(1000);
  });

  it('sends more than 1000 changes in uploads of 1000, each recorded as it is accepted', async () => {
    const account = await pricedAccount(t, emulator, 2100);
    await addRule(account, { actionValue: '1' });
    const ok = (await run(account)).json();
    expect(ok).toMatchObject({ outcome: 'success', changed: 2100 });
    expect(ok.taskIds).toHaveLength(3);
    expect(callsOf(emulator, account.sellerId, 'prices', UPLOAD)).toHaveLength(3);
    const history = await db.select().from(priceHistory).where(eq(priceHistory.repricerRunId, ok.runId));
    expect(history).toHaveLength(2100);
    expect(new Set(history.map((row) => row.taskId))).toEqual(new Set(ok.taskIds));
  });

  it('a rejected second upload: the first upload stays recorded, the run ends error with what was applied and the rejection text', async () => {
    const account = await pricedAccount(t, emulator, 2100);
    await addRule(account, { actionValue: '1' });
    injectFaults(emulator, [
      { scope: 'prices', path: UPLOAD, latencyMs: 1, times: 1 },
      { scope: 'prices', path: UPLOAD, status: 400, body: { data: null, error: true, errorText: 'Отказ' }, times: 1 },
    ]);
    const response = await run(account);
    expect(response.statusCode, response.body).toBe(200);
    const failed = response.json();
    expect(failed).toEqual({
      runId: expect.any(String),
      outcome: 'error',
      changed: 1000,
      skipped: 1100,
      errorText: 'Отказ',
      taskIds: [expect.any(Number)],
    });
    expect(callsOf(emulator, account.sellerId, 'prices', UPLOAD)).toHaveLength(2);

    const history = await db.select().from(priceHistory).where(eq(priceHistory.repricerRunId, failed.runId));
    expect(history).toHaveLength(1000);
    expect(
      history.every(
        (row) => row.source === 'repricer' && row.taskId === failed.taskIds[0] && row.oldPrice === 1000 && row.newPrice === 1001,
      ),
    ).toBe(true);
    const applied = new Set(history.map((row) => row.nmId));
    expect(
      await priceOf(
        account,
        account.nmIds.find((nmId) => applied.has(nmId))!,
      ),
    ).toBe(1001);
    expect(
      await priceOf(
        account,
        account.nmIds.find((nmId) => !applied.has(nmId))!,
      ),
    ).toBe(1000);

    const log = (
      await t.request({ method: 'GET', url: '/repricer/runs', query: { mpAccountId: account.accountId }, headers: account.auth })
    ).json();
    expect(log.items).toEqual([
      expect.objectContaining({
        id: failed.runId,
        outcome: 'error',
        changed: 1000,
        skipped: 1100,
        errorText: 'Отказ',
        taskIds: failed.taskIds,
        finishedAt: expect.any(String),
      }),
    ]);
  });

  it('an accepted upload is in the history and the run log while the next one is still out, so a process dying then keeps it', async () => {
    const account = await pricedAccount(t, emulator, 1500);
    await addRule(account, { actionValue: '1' });
    injectFaults(emulator, [
      { scope: 'prices', path: UPLOAD, latencyMs: 1, times: 1 },
      { scope: 'prices', path: UPLOAD, latencyMs: 3000, times: 1 },
    ]);
    const answer = run(account);
    let midRun: { history: number; log: (typeof repricerRuns.$inferSelect)[] } | undefined;
    while (!midRun) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const log = await db.select().from(repricerRuns).where(eq(repricerRuns.mpAccountId, account.accountId));
      if (log[0]?.changed) midRun = { history: (await historyOf(account)).length, log };
    }
    expect(midRun.log).toEqual([
      expect.objectContaining({ outcome: null, changed: 1000, taskIds: [expect.any(Number)], finishedAt: null }),
    ]);
    expect(midRun.history).toBe(1000);
    expect((await answer).json()).toMatchObject({ outcome: 'success', changed: 1500 });
  });

  it('serialises concurrent runs of one account', async () => {
    const account = await pricedAccount(t, emulator, 50);
    await addRule(account, { actionValue: '1' });
    const [first, second] = await Promise.all([run(account), run(account)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect([first.json(), second.json()]).toMatchObject([{ outcome: 'success' }, { outcome: 'success' }]);
    expect([first.json().changed, second.json().changed]).toEqual([50, 50]);
    expect(await priceOf(account, account.nmIds[0])).toBe(1002);
    const log = (
      await t.request({ method: 'GET', url: '/repricer/runs', query: { mpAccountId: account.accountId }, headers: account.auth })
    ).json();
    expect(log.meta.total).toBe(2);
    const [newer, older] = log.items;
    expect(new Date(older.finishedAt).getTime()).toBeLessThanOrEqual(new Date(newer.startedAt).getTime());
  });

  it('a run a user starts is audited as repricer.run with the user, the run and its outcome; a scheduled run is not', async () => {
    const account = await pricedAccount(t, emulator, 2);
    await addRule(account, {});
    const first = (await run(account)).json();
    injectFaults(emulator, [
      { scope: 'prices', path: UPLOAD, status: 400, body: { data: null, error: true, errorText: 'Цены не прошли проверку' }, times: 1 },
    ]);
    await addRule(account, { actionValue: '20' });
    const refused = (await run(account, [{ nmId: account.nmIds[0] }])).json();
    expect(await t.app.get(RepricerRunsService).runScheduled(account.accountId)).toMatchObject({ outcome: expect.any(String) });
    const audits = (await auditRecordsOf(db, account.accountId)).filter((record) => record.action === 'repricer.run');
    expect(audits.map((record) => [record.userId, record.entityType, record.entityId, record.details])).toEqual([
      [account.ownerId, 'repricer-run', first.runId, { trigger: 'manual', outcome: 'success', changed: 2, skipped: 0 }],
      [
        account.ownerId,
        'repricer-run',
        refused.runId,
        { trigger: 'api', outcome: 'error', changed: 0, skipped: 2, errorText: 'Цены не прошли проверку' },
      ],
    ]);
  });

  it('keeps a run log, newest first', async () => {
    const account = await pricedAccount(t, emulator, 2);
    await addRule(account, {});
    await run(account);
    await run(account, [{ nmId: account.nmIds[0] }]);
    const response = await t.request({
      method: 'GET',
      url: '/repricer/runs',
      query: { mpAccountId: account.accountId },
      headers: account.auth,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { items, meta } = response.json();
    expect(meta.total).toBe(2);
    expect(items[0]).toEqual({
      id: expect.any(String),
      trigger: 'api',
      outcome: 'success',
      changed: 2,
      skipped: 0,
      errorText: null,
      taskIds: [expect.any(Number)],
      startedAt: expect.any(String),
      finishedAt: expect.any(String),
    });
    expect(items[1]).toMatchObject({ trigger: 'manual', outcome: 'success', changed: 2 });
  });

  it('honours sortDirection: asc lists the oldest run first, desc (the default) the newest', async () => {
    const account = await pricedAccount(t, emulator, 2);
    await addRule(account, {});
    const first = (await run(account)).json().runId;
    const second = (await run(account, [{ nmId: account.nmIds[0] }])).json().runId;
    const ids = async (query: Record<string, string>) => {
      const response = await t.request({
        method: 'GET',
        url: '/repricer/runs',
        query: { mpAccountId: account.accountId, ...query },
        headers: account.auth,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().items.map((item: { id: string }) => item.id);
    };
    expect(await ids({ sortDirection: 'asc' })).toEqual([first, second]);
    expect(await ids({ sortDirection: 'desc' })).toEqual([second, first]);
    expect(await ids({})).toEqual([second, first]);
    expect(await ids({ sortBy: 'startedAt', sortDirection: 'asc', limit: '1', page: '2' })).toEqual([second]);
  });
});
