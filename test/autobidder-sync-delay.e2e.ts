import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import type { Database } from '../src/database/database.tokens';
import { accountSyncStates, inboxItems } from '../src/database/schema';
import { adCampaigns } from '../src/database/schema/autobidder';
import { adverts, fullstats, promotionCount } from '../src/marketplace/endpoints/advert';
import { feedbacksList, questionsList } from '../src/marketplace/endpoints/feedbacks';
import { AUTOBIDDER_SYNC_JOB } from '../src/modules/autobidder/autobidder.jobs';
import { AccountFanOut } from '../src/queue/account-fan-out';
import { QueueService } from '../src/queue/queue.service';
import { sellerCampaigns } from './support/ad-campaigns';
import { inboxSynced } from './support/inbox-items';
import { jobStatusReader } from './support/job-status-reader';
import { callsOf, emulatedAccount, emulatedServiceForFile, injectFaults, RunningEmulator } from './support/marketplace';
import type { TestApp } from './support/test-app';
import { until } from './support/until';

let emulator: RunningEmulator;
let t: TestApp;
let db: Database;

// The statistics call's 1 per 20 s at 40 %: 8 s between two calls, past the 5 s a sync job waits for a token even when
// the first call's answer took the loaded machine a few seconds.
emulatedServiceForFile((service) => ({ emulator, t, db } = service), { MP_API_RATE_WINDOW_PERCENT: '40' });

describe('campaign sync held back by the statistics limit', () => {
  it('is delayed, not failed, and goes on from its checkpoint: no group is asked for twice', async () => {
    const account = await emulatedAccount(t, emulator, { cards: 20, campaigns: 60 });
    const started = await t.request({
      method: 'POST',
      url: '/autobidder/sync',
      headers: account.owner.auth,
      payload: { mpAccountId: account.accountId },
    });
    const { jobId } = started.json();
    const { read, phases } = jobStatusReader(t, `/autobidder/sync/status/${jobId}`, account.owner.auth);
    const status = await until(read, (body) => body.state === 'completed' || body.state === 'failed', 30_000);
    expect(status.state, JSON.stringify(status)).toBe('completed');
    expect(phases).toContain('rate-limited');
    expect(status.progress.attempt).toBe(1);
    const withStats = sellerCampaigns(emulator, account).filter((campaign) => [7, 9, 11].includes(campaign.status)).length;
    expect(withStats).toBeGreaterThan(50);
    expect(callsOf(emulator, account.sellerId, 'advert', promotionCount.path)).toHaveLength(1);
    expect(callsOf(emulator, account.sellerId, 'advert', adverts.path)).toHaveLength(2);
    expect(callsOf(emulator, account.sellerId, 'advert', fullstats.path).map((call) => call.status)).toEqual([200, 200]);
    expect(status.result).toMatchObject({ campaigns: 60 });
    expect(await db.select().from(adCampaigns).where(eq(adCampaigns.mpAccountId, account.accountId))).toHaveLength(60);
  });

  it('a scheduled sync resumed while an inbox sync holds the lease waits for it, then goes on from its checkpoint', async () => {
    const account = await emulatedAccount(t, emulator, { cards: 20, campaigns: 60 });
    const auth = account.owner.auth;
    await t.app.get(AccountFanOut).fanOutPerAccount(AUTOBIDDER_SYNC_JOB, [account.accountId]);
    const jobId = await t.app
      .get(QueueService)
      .queue(AUTOBIDDER_SYNC_JOB.queue)
      .getDeduplicationJobId(`${AUTOBIDDER_SYNC_JOB.name}|${account.accountId}`);
    const { read: adsStatus, phases } = jobStatusReader(t, `/autobidder/sync/status/${jobId}`, auth);
    const delayed = await until(adsStatus, (body) => body.progress?.phase === 'rate-limited', 20_000);
    expect(delayed.lastSyncedAt).toBeNull();

    // The inbox sync takes the lease the delayed job gave up, and holds it past the job's resume.
    const holdMs = Date.parse(delayed.progress.resumeAt) - Date.now() + 4000;
    injectFaults(emulator, [{ scope: 'feedbacks', path: feedbacksList.path, latencyMs: holdMs, times: 1 }]);
    const inbox = inboxSynced(t, auth, account.accountId);
    await until(adsStatus, (body) => body.progress?.phase === 'waiting-account', holdMs + 5000);
    const inboxDone = await inbox;
    expect(inboxDone.state).toBe('completed');

    const status = await until(adsStatus, (body) => body.state === 'completed' || body.state === 'failed', 30_000);
    expect(status.state, JSON.stringify(status)).toBe('completed');
    expect(status.result).toMatchObject({ campaigns: 60 });
    expect(status.progress.attempt).toBe(1);
    expect([...phases]).toEqual(expect.arrayContaining(['rate-limited', 'waiting-account', 'completed']));
    expect(callsOf(emulator, account.sellerId, 'advert', promotionCount.path)).toHaveLength(1);
    expect(callsOf(emulator, account.sellerId, 'advert', adverts.path)).toHaveLength(2);
    const stats = callsOf(emulator, account.sellerId, 'advert', fullstats.path);
    expect(stats.map((call) => call.status)).toEqual([200, 200]);
    const inboxCalls = [
      ...callsOf(emulator, account.sellerId, 'feedbacks', feedbacksList.path),
      ...callsOf(emulator, account.sellerId, 'feedbacks', questionsList.path),
    ];
    expect(inboxCalls.length).toBeGreaterThan(0);
    expect(stats[1].atMs).toBeGreaterThanOrEqual(Math.max(...inboxCalls.map((call) => call.atMs)));
    expect(await db.select().from(adCampaigns).where(eq(adCampaigns.mpAccountId, account.accountId))).toHaveLength(60);
    expect(await db.select().from(inboxItems).where(eq(inboxItems.mpAccountId, account.accountId))).toHaveLength(
      Number(inboxDone.result!.feedbacks) + Number(inboxDone.result!.questions),
    );

    const [state] = await db
      .select()
      .from(accountSyncStates)
      .where(and(eq(accountSyncStates.mpAccountId, account.accountId), eq(accountSyncStates.kind, 'ads')));
    expect(state).toMatchObject({ state: 'idle', jobId, message: status.result.message });
    expect(Date.parse(status.lastSyncedAt)).toBe(Date.parse(state.lastSyncedAt.campaigns));
  }, 90_000);
});
