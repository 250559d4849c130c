import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { pngOf } from '../emulator/test/image-host';
import { MarketplaceClient } from '../src/marketplace/client/marketplace-client';
import { cardsErrorList, cardsList, cardsUpdate, cardUpdateOf, mediaFile, mediaSave } from '../src/marketplace/endpoints/content';
import { Endpoint } from '../src/marketplace/endpoints/endpoint';
import { callsOf, EmulatedAccount, emulatedAccount, RunningEmulator, startEmulator } from './support/marketplace';
import { startTestApp, TestApp } from './support/test-app';

/** Every rate window at 2 %, in the client and in the emulator alike: 10 a minute becomes 10 per 1.2 s. */
const WINDOW_PERCENT = 2;
const CALLS = 30;

describe('content writes through the client keep to their rate rules', () => {
  let emulator: RunningEmulator;
  let t: TestApp;
  let client: MarketplaceClient;
  let account: EmulatedAccount;

  beforeAll(async () => {
    // The emulator enforces the marketplace's own limits (cards/update 10 a minute, burst 5; media 100 a minute, burst 5).
    emulator = await startEmulator({ port: 0, limitTimeScale: WINDOW_PERCENT / 100, mediaApplyDelayMs: 0 });
    t = await startTestApp({ env: { MP_API_BASE_URL: emulator.url, MP_API_RATE_WINDOW_PERCENT: String(WINDOW_PERCENT) } });
    client = t.app.get(MarketplaceClient);
    account = await emulatedAccount(t, emulator, { cards: 3 });
  });
  afterAll(async () => {
    await t?.close();
    await emulator?.close();
  });

  const statuses = (endpoint: Endpoint<never, unknown, unknown>) =>
    callsOf(emulator, account.sellerId, endpoint.scope, endpoint.path).map((call) => call.status);

  /** The least time n back-to-back calls of a rule take after its burst. */
  const leastSpanMs = (n: number, perMinute: number, burst: number) => ((n - burst) * 60_000 * (WINDOW_PERCENT / 100)) / perMinute;

  it(`${CALLS} updates of a card in a row: no 429, spaced by the update's own rule, and the card read back as it was`, async () => {
    const [card] = (await client.call(cardsList, { accountId: account.accountId }, { settings: { cursor: { limit: 1 } } })).body.cards;
    const started = Date.now();
    for (let n = 0; n < CALLS; n += 1) {
      const answer = await client.call(cardsUpdate, { accountId: account.accountId }, [cardUpdateOf(card)]);
      expect(answer.body).toEqual({ data: null, error: false, errorText: '', additionalErrors: {} });
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(leastSpanMs(CALLS, 10, 5) * 0.95);
    expect(statuses(cardsUpdate)).toEqual(Array(CALLS).fill(200));
    const search = { settings: { filter: { textSearch: String(card.nmID) } } };
    const [read] = (await client.call(cardsList, { accountId: account.accountId }, search)).body.cards;
    expect({ ...read, updatedAt: card.updatedAt }).toEqual(card);
  });

  it(`${CALLS} error-list pages in a row: no 429`, async () => {
    for (let n = 0; n < CALLS; n += 1) {
      const answer = await client.call(cardsErrorList, { accountId: account.accountId }, { cursor: { limit: 100 } });
      expect(answer.body.data.cursor.next).toBe(false);
    }
    expect(statuses(cardsErrorList)).toEqual(Array(CALLS).fill(200));
  });

  it(`${CALLS} media calls in a row, links and files alternating: one bucket, no 429`, async () => {
    const nmId = emulator.context.sellers.get(account.sellerId)!.catalog.nmIdBase;
    const file = { bytes: pngOf(700, 900), fileName: 'photo.png', contentType: 'image/png' };
    for (let n = 0; n < CALLS; n += 1) {
      const answer =
        n % 2 === 0
          ? await client.call(mediaSave, { accountId: account.accountId }, { nmId, data: [] })
          : await client.call(mediaFile, { accountId: account.accountId }, { nmId, photoNumber: 1, file });
      expect(answer.ok).toBe(true);
    }
    expect([...statuses(mediaSave), ...statuses(mediaFile)]).toEqual(Array(CALLS).fill(200));
  });
});
