import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { historyGoods } from '../src/marketplace/endpoints/prices';
import { callsOf, emulatedServiceForFile, RunningEmulator } from './support/marketplace';
import { finishedBulk, PricedAccount, pricedAccount } from './support/pricing-accounts';
import { startTestApp, TestApp } from './support/test-app';

let emulator: RunningEmulator;

emulatedServiceForFile((service) => ({ emulator } = service));

/** Through the emulator's control API: the marketplace accepts these items' uploads and then fails each with its text. */
async function refuseAtMarketplace(sellerId: string, items: { nmID: number; errorText: string }[]): Promise<void> {
  const response = await fetch(`${emulator.url}/__emulator/sellers/${sellerId}/prices/refusals`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ items }),
  });
  expect(response.status).toBe(200);
}

async function startBulk(app: TestApp, account: PricedAccount): Promise<string> {
  const response = await app.request({
    method: 'POST',
    url: '/pricing/bulk',
    headers: account.auth,
    payload: { mpAccountId: account.accountId, items: account.nmIds.map((nmID, i) => ({ nmID, price: 900 + i })) },
  });
  expect(response.statusCode, response.body).toBe(202);
  return response.json().bulkJobId;
}

describe('items the marketplace refused in an accepted upload', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await startTestApp({
      env: { APP_ROLE: 'all', MP_API_BASE_URL: emulator.url, PRICING_BULK_CHUNK_SIZE: '3', PRICING_BULK_CONFIRM_POLL_MS: '100' },
    });
  });
  afterAll(async () => {
    await small.close();
  });

  it("are listed in the report with the marketplace's texts, once per item, and the confirmation is complete", async () => {
    const account = await pricedAccount(small, emulator, 8);
    await refuseAtMarketplace(account.sellerId, [
      { nmID: account.nmIds[3], errorText: 'Цена ниже минимально допустимой' },
      { nmID: account.nmIds[5], errorText: 'Товар заблокирован' },
    ]);
    const report = await finishedBulk(small, account.auth, await startBulk(small, account));
    expect(report).toMatchObject({ status: 'completed', counters: { items: 8, chunks: 3, accepted: 3, rejected: 0 } });
    expect(report.result).toMatchObject({
      confirmation: 'complete',
      itemsRejected: 2,
      itemsUnconfirmed: 0,
      rejectedItems: [
        { chunkIndex: 1, nmId: account.nmIds[3], errorText: 'Цена ниже минимально допустимой' },
        { chunkIndex: 1, nmId: account.nmIds[5], errorText: 'Товар заблокирован' },
      ],
    });
    expect(callsOf(emulator, account.sellerId, 'prices', historyGoods.path)).toHaveLength(3);
  });
});

describe('uploads the marketplace has not processed when the confirmation time is over', () => {
  let impatient: TestApp;
  beforeAll(async () => {
    impatient = await startTestApp({
      env: {
        APP_ROLE: 'all',
        MP_API_BASE_URL: emulator.url,
        PRICING_BULK_CONFIRM_TIMEOUT_MS: '1000',
        PRICING_BULK_CONFIRM_POLL_MS: '200',
      },
    });
    emulator.context.settings.priceApplyDelayMs = 60_000;
  });
  afterAll(async () => {
    emulator.context.settings.priceApplyDelayMs = 0;
    await impatient.close();
  });

  it('leave their items not confirmed and the confirmation timed out, the accepted upload kept', async () => {
    const account = await pricedAccount(impatient, emulator, 4);
    const report = await finishedBulk(impatient, account.auth, await startBulk(impatient, account));
    expect(report).toMatchObject({ status: 'completed', counters: { items: 4, chunks: 1, accepted: 1, rejected: 0 } });
    expect(report.result).toEqual({
      chunks: [{ index: 0, items: 4, taskId: expect.any(Number) }],
      confirmation: 'timed_out',
      itemsRejected: 0,
      itemsUnconfirmed: 4,
      rejectedItems: [],
    });
  });
});
