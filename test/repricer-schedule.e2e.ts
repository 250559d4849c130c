import { eq } from 'drizzle-orm';
import type Redis from 'ioredis';
import { describe, expect, it } from 'vitest';

import type { Database } from '../src/database/database.tokens';
import { mpAccounts, repricerRules, repricerRuns } from '../src/database/schema';
import { REPRICER_SCHEDULE_JOB } from '../src/modules/repricer/repricer.jobs';
import { RepricerRunsService } from '../src/modules/repricer/runs/repricer-runs.service';
import { AccountLeases } from '../src/queue/account-lease';
import { QueueService } from '../src/queue/queue.service';
import { REDIS, redisKey } from '../src/redis/redis.module';
import { callsOf, emulatedServiceForFile, RunningEmulator } from './support/marketplace';
import { PricedAccount, pricedAccount } from './support/pricing-accounts';
import type { TestApp } from './support/test-app';

let emulator: RunningEmulator;
let t: TestApp;
let db: Database;

emulatedServiceForFile((service) => ({ emulator, t, db } = service));

async function addRule(account: PricedAccount, isActive = true): Promise<void> {
  await db.insert(repricerRules).values({
    mpAccountId: account.accountId,
    name: 'Плюс 10 %',
    conditionMetric: 'stock_days',
    conditionOperator: 'always',
    actionType: 'percent',
    actionValue: '10',
    scope: 'list',
    scopeValue: JSON.stringify(account.nmIds),
    isActive,
  });
}

async function runsOf(account: PricedAccount) {
  return db.select().from(repricerRuns).where(eq(repricerRuns.mpAccountId, account.accountId));
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached in ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('scheduled repricer runs', () => {
  it('a tick runs every active account with an active rule, as trigger schedule without metrics or brands', async () => {
    const ruled = await pricedAccount(t, emulator, 3);
    await addRule(ruled);
    const onlyInactiveRule = await pricedAccount(t, emulator, 3);
    await addRule(onlyInactiveRule, false);
    const inactiveAccount = await pricedAccount(t, emulator, 3);
    await addRule(inactiveAccount);
    await db.update(mpAccounts).set({ isActive: false }).where(eq(mpAccounts.id, inactiveAccount.accountId));

    const queues = t.app.get(QueueService);
    const tickId = await queues.enqueue(REPRICER_SCHEDULE_JOB, {});
    const tick = await until(
      () => queues.status(REPRICER_SCHEDULE_JOB, tickId),
      (status) => status?.state === 'completed',
    );
    expect(tick!.result).toEqual({ accounts: 1 });

    const [run] = await until(
      () => runsOf(ruled),
      (runs) => runs.length === 1 && runs[0].outcome !== null,
    );
    expect(run).toMatchObject({ trigger: 'schedule', outcome: 'success', changed: 3, userId: null });
    expect(callsOf(emulator, ruled.sellerId, 'prices')).toHaveLength(1);
    expect(await runsOf(onlyInactiveRule)).toEqual([]);
    expect(await runsOf(inactiveAccount)).toEqual([]);
  });

  it('a scheduled run gives way to a run already going on the account and ends skipped', async () => {
    const account = await pricedAccount(t, emulator, 2);
    await addRule(account);
    const leases = new AccountLeases(t.app.get<Redis>(REDIS), redisKey(t.config, 'repricer'));
    const manual = await leases.acquire(account.accountId, 'a-manual-run', 'user');
    try {
      expect(await t.app.get(RepricerRunsService).runScheduled(account.accountId)).toEqual({ skipped: 'account-busy' });
      expect(await runsOf(account)).toEqual([]);
    } finally {
      await manual!.release();
    }
    expect(await t.app.get(RepricerRunsService).runScheduled(account.accountId)).toMatchObject({ outcome: 'success', changed: 2 });
  });
});
