import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import type { Database } from '../src/database/database.tokens';
import { priceHistory, repricerRules } from '../src/database/schema';
import { RateBuckets } from '../src/marketplace/client/rate-buckets';
import { priceUpload } from '../src/marketplace/endpoints/prices';
import { expectErrorEnvelope } from './support/envelope';
import { createAccount, createUser } from './support/identity';
import { callsOf, emulatedServiceForFile, injectFaults, RunningEmulator } from './support/marketplace';
import { pricedAccount } from './support/pricing-accounts';
import { insertProducts, sellerNmIds } from './support/pricing-catalog';
import type { TestApp } from './support/test-app';

let emulator: RunningEmulator;
let t: TestApp;
let db: Database;

emulatedServiceForFile((service) => ({ emulator, t, db } = service));

/** An always rule raising every listed product by 1 rouble. */
async function raiseAll(mpAccountId: string, nmIds: number[]): Promise<void> {
  await db.insert(repricerRules).values({
    mpAccountId,
    name: 'Всем +1',
    conditionMetric: 'stock_days',
    conditionOperator: 'always',
    actionType: 'absolute',
    actionValue: '1',
    scope: 'list',
    scopeValue: JSON.stringify(nmIds),
  });
}

function run(mpAccountId: string, auth: Record<string, string>) {
  return t.request({ method: 'POST', url: '/repricer/run', headers: auth, payload: { mpAccountId } });
}

async function runLog(mpAccountId: string, auth: Record<string, string>) {
  const response = await t.request({ method: 'GET', url: '/repricer/runs', query: { mpAccountId }, headers: auth });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items;
}

async function repricerHistory(mpAccountId: string) {
  return db.select().from(priceHistory).where(eq(priceHistory.mpAccountId, mpAccountId));
}

describe('POST /repricer/run answers marketplace failures other than a rejected upload by the error table', () => {
  it('a key the marketplace rejects: 502 MP_AUTH_FAILED, and the run log keeps its error entry', async () => {
    const owner = await createUser(t);
    const mpAccountId = await createAccount(t, owner.id, 'Чужой ключ', `eyJhbGciOiJFUzI1NiJ9.${'q'.repeat(80)}.not-a-marketplace-key`);
    const nmIds = sellerNmIds(900_000_000, 3);
    await insertProducts(db, mpAccountId, nmIds);
    await raiseAll(mpAccountId, nmIds);
    const response = await run(mpAccountId, owner.auth);
    expectErrorEnvelope(response, 502, 'MP_AUTH_FAILED');
    expect(response.json().details).toMatchObject({ scope: 'prices', path: priceUpload.path, mpStatus: 401 });
    expect(await runLog(mpAccountId, owner.auth)).toEqual([
      expect.objectContaining({
        trigger: 'manual',
        outcome: 'error',
        changed: 0,
        skipped: 3,
        errorText: response.json().message,
        taskIds: [],
        finishedAt: expect.any(String),
      }),
    ]);
    expect(await repricerHistory(mpAccountId)).toEqual([]);
  });

  it('the marketplace down on the second upload: 502 MP_UNAVAILABLE; the first upload stays recorded and counted', async () => {
    const account = await pricedAccount(t, emulator, 1500);
    await raiseAll(account.accountId, account.nmIds);
    // The first upload passes; the second gets 503 on every attempt.
    injectFaults(emulator, [
      { scope: 'prices', path: priceUpload.path, latencyMs: 1, times: 1 },
      { scope: 'prices', path: priceUpload.path, status: 503, times: 3 },
    ]);
    const response = await run(account.accountId, account.auth);
    expectErrorEnvelope(response, 502, 'MP_UNAVAILABLE');
    expect(response.json().details).toMatchObject({ scope: 'prices', path: priceUpload.path, mpStatus: 503 });
    expect(callsOf(emulator, account.sellerId, 'prices', priceUpload.path).map((call) => call.status)).toEqual([200, 503, 503, 503]);
    const [entry] = await runLog(account.accountId, account.auth);
    expect(entry).toMatchObject({
      outcome: 'error',
      changed: 1000,
      skipped: 500,
      errorText: response.json().message,
      taskIds: [expect.any(Number)],
    });
    const history = await repricerHistory(account.accountId);
    expect(history).toHaveLength(1000);
    expect(history.every((row) => row.source === 'repricer' && row.repricerRunId === entry.id && row.taskId === entry.taskIds[0])).toBe(
      true,
    );
  });

  it('a token wait over the ceiling: 429 with details.retryAfterSeconds and no marketplace call; the run log keeps its error entry', async () => {
    const account = await pricedAccount(t, emulator, 3);
    await raiseAll(account.accountId, account.nmIds);
    await t.app.get(RateBuckets).penalise({ accountId: account.accountId, scope: 'prices', path: priceUpload.path }, Date.now() + 120_000);
    const response = await run(account.accountId, account.auth);
    expectErrorEnvelope(response, 429, 'TOO_MANY_REQUESTS');
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(119);
    expect(response.json().details).toMatchObject({ retryAfterSeconds: retryAfter });
    expect(callsOf(emulator, account.sellerId)).toHaveLength(0);
    expect(await runLog(account.accountId, account.auth)).toEqual([
      expect.objectContaining({ outcome: 'error', changed: 0, skipped: 3, errorText: response.json().message, taskIds: [] }),
    ]);
    expect(await repricerHistory(account.accountId)).toEqual([]);
  });
});
