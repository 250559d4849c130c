import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MarketplaceClient } from '../src/marketplace/client/marketplace-client';
import { priceUpload } from '../src/marketplace/endpoints/prices';
import { busiestWindow, callsOf, emulatedAccount, RunningEmulator, startEmulator } from './support/marketplace';
import { startTestApp, TestApp } from './support/test-app';

const UPLOAD = priceUpload.path;
const DEMAND_MS = 30_000;
const WINDOW_MS = 6000;
const LIMIT = 10;

describe('outbound rate buckets shared by processes', () => {
  let emulator: RunningEmulator;
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    // The emulator enforces the marketplace's own prices limit (10 per 6 s, burst 5) and logs every call.
    emulator = await startEmulator({ port: 0 });
    first = await startTestApp({ env: { MP_API_BASE_URL: emulator.url } });
    second = await startTestApp({ env: { MP_API_BASE_URL: emulator.url }, shareWith: first });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
    await emulator.close();
  });

  it(
    'two client instances never exceed 10 uploads per 6 s together over 30 s of demand, and use the limit',
    { timeout: 60_000 },
    async () => {
      const account = await emulatedAccount(first, emulator);
      const nmID = emulator.context.sellers.get(account.sellerId)!.catalog.nmIdBase;
      const stopAt = Date.now() + DEMAND_MS;
      let price = 1000;
      // Three callers in each instance, each uploading again as soon as its last upload is answered.
      const caller = async (client: MarketplaceClient) => {
        while (Date.now() < stopAt) {
          price += 1;
          await client.request({
            accountId: account.accountId,
            scope: 'prices',
            method: 'POST',
            path: UPLOAD,
            body: { data: [{ nmID, price }] },
          });
        }
      };
      const clients = [first, second].map((app) => app.app.get(MarketplaceClient));
      await Promise.all(clients.flatMap((client) => [caller(client), caller(client), caller(client)]));

      const calls = callsOf(emulator, account.sellerId, 'prices', UPLOAD);
      expect(calls.filter((call) => call.status !== 200)).toEqual([]);
      expect(busiestWindow(calls, WINDOW_MS)).toBeLessThanOrEqual(LIMIT);
      // 30 s at 10 per 6 s is 50 calls; the callers were never idle, so the limit was used (the client keeps 2 % spare).
      expect(calls.length).toBeGreaterThanOrEqual(45);
    },
  );
});
