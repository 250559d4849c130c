import { afterAll, beforeAll, expect, it } from 'vitest';

import { priceUpload } from '../src/marketplace/endpoints/prices';
import { busiestWindow, callsOf, RunningEmulator, startEmulator } from './support/marketplace';
import { finishedBulk, pricedAccount } from './support/pricing-accounts';
import { startTestApp, TestApp } from './support/test-app';

const UPLOAD = priceUpload.path;
/** Spec: Pricing routes 6. */
const WINDOW_MS = 6000;
const PER_WINDOW = 10;

let emulator: RunningEmulator;
let t: TestApp;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, limits: true });
  t = await startTestApp({ env: { APP_ROLE: 'all', MP_API_BASE_URL: emulator.url } });
});
afterAll(async () => {
  await t.close();
  await emulator.close();
});

it('20 concurrent bulk jobs of one account never put more than 10 uploads into any 6 s window, and get no 429', async () => {
  const account = await pricedAccount(t, emulator, 60);
  const created = await Promise.all(
    Array.from({ length: 20 }, (_, job) =>
      t.request({
        method: 'POST',
        url: '/pricing/bulk',
        headers: account.auth,
        payload: {
          mpAccountId: account.accountId,
          items: account.nmIds.slice(job * 3, job * 3 + 3).map((nmID) => ({ nmID, price: 500 + job })),
        },
      }),
    ),
  );
  expect(created.map((response) => response.statusCode)).toEqual(created.map(() => 202));
  const reports = await Promise.all(created.map((response) => finishedBulk(t, account.auth, response.json().bulkJobId, 60_000)));
  expect(reports.map((report) => [report.status, report.counters.accepted])).toEqual(reports.map(() => ['completed', 1]));

  const uploads = callsOf(emulator, account.sellerId, 'prices', UPLOAD).sort((a, b) => a.atMs - b.atMs);
  expect(uploads).toHaveLength(20);
  expect(uploads.filter((call) => call.status === 429)).toHaveLength(0);
  expect(busiestWindow(uploads, WINDOW_MS)).toBeLessThanOrEqual(PER_WINDOW);
}, 60_000);
