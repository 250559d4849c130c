import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DATABASE, Database } from '../src/database/database.tokens';
import { replyDrafts } from '../src/database/schema';
import { expectErrorEnvelope } from './support/envelope';
import { connectedSince, createAccount, createUser, TestUser } from './support/identity';
import { InboxItemFields, insertInboxItem } from './support/inbox-items';
import { startTestApp, TestApp } from './support/test-app';

/** Long before every window the tests read: their previous windows are whole. */
const CONNECTED = new Date('2020-01-01T00:00:00Z');

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Noon UTC of the day `days` days ago (today's noon may still be ahead: it is inside the current window all the same). */
const daysAgo = (days: number) => new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - days * DAY_MS + DAY_MS / 2);

describe('GET /autoreply/summary', () => {
  let t: TestApp;
  let db: Database;
  let owner: TestUser;
  let accountId: string;

  /** An item left `days` days ago, answered `answeredAfterHours` later (answered without a known time when 0). */
  async function item(days: number, fields: InboxItemFields, answeredAfterHours?: number): Promise<string> {
    const createdAt = daysAgo(days);
    return insertInboxItem(db, accountId, {
      ...fields,
      createdAt,
      answerText: answeredAfterHours === undefined ? null : 'Спасибо!',
      answeredAt: answeredAfterHours ? new Date(createdAt.getTime() + answeredAfterHours * HOUR_MS) : null,
    });
  }

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get<Database>(DATABASE);
    owner = await createUser(t);
    accountId = await createAccount(t, owner.id);
    await connectedSince(t, accountId, CONNECTED);
    // Current 7 days: 4 items, 3 answered (2 with a known time: 2 h and 4 h), ratings 5, 2, 4; one reply blocked.
    await item(0, { rating: 5 }, 2);
    const blocked = await item(2, { rating: 2 });
    await item(3, { kind: 'question', rating: null }, 4);
    await item(4, { rating: 4 }, 0);
    await db.insert(replyDrafts).values({
      mpAccountId: accountId,
      inboxItemId: blocked,
      status: 'error',
      text: 'Звоните +7 912 345-67-89',
      source: 'template',
      templateText: 'Звоните +7 912 345-67-89',
      blockedAt: daysAgo(1),
    });
    // Previous 7 days: 2 items, 1 answered after 6 h; ratings 3 and 5.
    await item(8, { rating: 3 }, 6);
    await item(10, { rating: 5 });
  });
  afterAll(() => t.close());

  it('7d: received, answered, share, rating, blocked and answer time, each with its delta', async () => {
    const response = await t.request({ method: 'GET', url: `/autoreply/summary?mpAccountId=${accountId}&period=7d`, headers: owner.auth });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      period: '7d',
      currency: 'RUB',
      updatedAt: expect.any(String),
      received: 4,
      receivedDelta: 100,
      answered: 3,
      answeredDelta: 200,
      answeredSharePct: 75,
      answeredSharePctDelta: 50,
      avgRating: 3.67,
      avgRatingDelta: expect.closeTo(-8.3, 1),
      blockedByCheck: 1,
      blockedByCheckDelta: null,
      avgAnswerTimeHours: 3,
      avgAnswerTimeHoursDelta: -50,
    });
  });

  it('30d by default; a foreign account is 404; a bad period is 400', async () => {
    expect(
      (await t.request({ method: 'GET', url: `/autoreply/summary?mpAccountId=${accountId}`, headers: owner.auth })).json(),
    ).toMatchObject({
      period: '30d',
      received: 6,
      answered: 4,
      receivedDelta: null,
    });
    expectErrorEnvelope(
      await t.request({ method: 'GET', url: `/autoreply/summary?mpAccountId=${accountId}`, headers: (await createUser(t)).auth }),
      404,
      'NOT_FOUND',
    );
    expectErrorEnvelope(
      await t.request({ method: 'GET', url: `/autoreply/summary?mpAccountId=${accountId}&period=1d`, headers: owner.auth }),
      400,
      'VALIDATION_FAILED',
    );
  });
});
