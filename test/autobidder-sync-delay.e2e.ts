import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import type { Database } from '../src/database/database.tokens';
import { adCampaigns } from '../src/database/schema/autobidder';
import { adverts, fullstats, promotionCount } from '../src/marketplace/endpoints/advert';
import { sellerCampaigns } from './support/ad-campaigns';
import { callsOf, emulatedAccount, emulatedServiceForFile, RunningEmulator } from './support/marketplace';
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
    const phases = new Set<string>();
    const status = await until(
      async () => {
        const body = (await t.request({ method: 'GET', url: `/autobidder/sync/status/${jobId}`, headers: account.owner.auth })).json();
        if (body.progress) phases.add(body.progress.phase);
        return body;
      },
      (body) => body.state === 'completed' || body.state === 'failed',
      30_000,
    );
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
});
