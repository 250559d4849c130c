import { expect, it } from 'vitest';

import { supplierOrders, supplierSales } from '../src/marketplace/endpoints/statistics';
import { endedImport, IMPORT_ENV, importAccount, startImport } from './support/digitization';
import { expectErrorEnvelope } from './support/envelope';
import { createUser } from './support/identity';
import { emulatedServiceForFile, injectFaults, RunningEmulator } from './support/marketplace';
import type { TestApp } from './support/test-app';

let emulator: RunningEmulator;
let t: TestApp;

emulatedServiceForFile((service) => ({ emulator, t } = service), IMPORT_ENV);

const DATE_FROM = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);

const runsOf = async (auth: Record<string, string>, query: string) => {
  const answer = await t.request({ method: 'GET', url: `/digitization/import/runs?${query}`, headers: auth });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
};

it('lists the account’s import runs newest first with kind, trigger, state and message; state filters them; a foreign account is 404', async () => {
  const account = await importAccount(t, emulator);
  const done = await startImport(t, account.owner.auth, '/digitization/import', { mpAccountId: account.accountId, dateFrom: DATE_FROM });
  const finished = await endedImport(t, account.owner.auth, done);
  expect(finished.state).toBe('completed');

  injectFaults(emulator, [
    { scope: 'statistics', path: supplierOrders.path, status: 401 },
    { scope: 'statistics', path: supplierSales.path, status: 401 },
  ]);
  const refused = await startImport(t, account.owner.auth, '/digitization/import', { mpAccountId: account.accountId, dateFrom: DATE_FROM });
  const failed = await endedImport(t, account.owner.auth, refused);
  expect(failed.state).toBe('failed');

  const all = await runsOf(account.owner.auth, `mpAccountId=${account.accountId}`);
  expect(all.meta).toMatchObject({ total: 2 });
  expect(all.items).toEqual([
    {
      jobId: refused,
      kind: 'feeds',
      trigger: 'user',
      userId: account.owner.id,
      state: 'failed',
      message: failed.failedReason,
      reportFailed: false,
      period: null,
      startedAt: expect.any(String),
      finishedAt: expect.any(String),
    },
    {
      jobId: done,
      kind: 'feeds',
      trigger: 'user',
      userId: account.owner.id,
      state: 'completed',
      message: finished.result.message,
      reportFailed: false,
      period: null,
      startedAt: expect.any(String),
      finishedAt: expect.any(String),
    },
  ]);
  const onlyFailed = await runsOf(account.owner.auth, `mpAccountId=${account.accountId}&state=failed`);
  expect(onlyFailed.items.map((run: { jobId: string }) => run.jobId)).toEqual([refused]);

  const stranger = await createUser(t);
  const foreign = await t.request({
    method: 'GET',
    url: `/digitization/import/runs?mpAccountId=${account.accountId}`,
    headers: stranger.auth,
  });
  expectErrorEnvelope(foreign, 404, 'NOT_FOUND');
}, 60_000);
