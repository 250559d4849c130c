import { eq } from 'drizzle-orm';
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { serviceLlmEnv } from '../emulator/src/llm-script';
import { DATABASE, Database } from '../src/database/database.tokens';
import { complaints, replyDrafts } from '../src/database/schema';
import { COMPLAINT_REASONS } from '../src/shared/autoreply/complaint-reasons';
import { expectErrorEnvelope } from './support/envelope';
import { createAccount, createUser, TestUser } from './support/identity';
import { insertInboxItem } from './support/inbox-items';
import { emulatedServiceForFile, RunningEmulator, startEmulator } from './support/marketplace';
import { replyScenario } from './support/reply-setup';
import { startTestApp, TestApp } from './support/test-app';
import { TEST_REDIS_URL } from './support/test-env';

const BUDGET = 3;
const DAY_MS = 86_400_000;
const MOSCOW_OFFSET_MS = 3 * 3_600_000;
const BASE_TEXT = COMPLAINT_REASONS.find((reason) => reason.code === 'inaccurate_information')!.baseText;

/** Whole seconds from a moment to the next Moscow midnight (UTC+3 all year). */
function secondsToMoscowMidnight(atMs: number): number {
  return (DAY_MS - ((atMs + MOSCOW_OFFSET_MS) % DAY_MS)) / 1000;
}

/** An account of a new owner with a scenario that has the AI rewrite every reply, and a complaint rule for every feedback. */
async function aiAccount(t: TestApp): Promise<{ owner: TestUser; accountId: string }> {
  const owner = await createUser(t);
  const accountId = await createAccount(t, owner.id);
  await replyScenario(t, owner, accountId, { useLlm: true });
  const rule = await t.request({
    method: 'POST',
    url: '/autoreply/complaint-rules',
    headers: owner.auth,
    payload: { mpAccountId: accountId, ratingMax: 5 },
  });
  expect(rule.statusCode, rule.body).toBe(201);
  return { owner, accountId };
}

const generate = (t: TestApp, owner: TestUser, mpAccountId: string, feedbackId: string) =>
  t.request({ method: 'POST', url: '/autoreply/generate', headers: owner.auth, payload: { mpAccountId, feedbackId } });
const prepareComplaint = (t: TestApp, owner: TestUser, mpAccountId: string, feedbackId: string) =>
  t.request({ method: 'POST', url: '/autoreply/complaints/prepare', headers: owner.auth, payload: { mpAccountId, feedbackId } });

describe('the daily AI budget of an account (LLM_ACCOUNT_DAILY_LIMIT)', () => {
  let emulator: RunningEmulator;
  let t: TestApp;
  let db: Database;
  /** A second api replica on the same database and Redis prefix. */
  let replica: TestApp;
  const aiCalls = () => emulator.context.calls.list({ scope: 'llm' });

  emulatedServiceForFile((service) => ({ emulator, t, db } = service), { LLM_ACCOUNT_DAILY_LIMIT: String(BUDGET) });

  beforeAll(async () => {
    replica = await startTestApp({
      shareWith: t,
      env: { MP_API_BASE_URL: emulator.url, ...serviceLlmEnv(emulator.url), LLM_ACCOUNT_DAILY_LIMIT: String(BUDGET) },
    });
  });
  afterAll(() => replica?.close());

  it('allows the budget of AI calls a Moscow day, each with max_tokens; the next is 429 until Moscow midnight, with no AI call and no draft', async () => {
    emulator.context.calls.clear();
    const { owner, accountId } = await aiAccount(t);
    const items = await Promise.all(Array.from({ length: BUDGET + 1 }, () => insertInboxItem(db, accountId)));
    for (const item of items.slice(0, BUDGET)) {
      const answer = await generate(t, owner, accountId, item);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().source).toBe('ai');
    }
    expect(aiCalls().map((call) => [call.status, call.maxTokens])).toEqual(Array(BUDGET).fill([200, 4000]));

    const before = Date.now();
    const refused = await generate(t, owner, accountId, items[BUDGET]);
    const after = Date.now();
    const body = expectErrorEnvelope(refused, 429, 'TOO_MANY_REQUESTS');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeLessThanOrEqual(Math.ceil(secondsToMoscowMidnight(before)));
    expect(retryAfter).toBeGreaterThanOrEqual(Math.floor(secondsToMoscowMidnight(after)));
    expect(body.details).toEqual({ maxAiCallsPerDay: BUDGET, retryAfterSeconds: retryAfter });
    expect(aiCalls()).toHaveLength(BUDGET);
    expect(await db.select().from(replyDrafts).where(eq(replyDrafts.inboxItemId, items[BUDGET]))).toEqual([]);

    const redis = new Redis(TEST_REDIS_URL);
    try {
      const day = new Date(after + MOSCOW_OFFSET_MS).toISOString().slice(0, 10);
      const key = `${t.config.redis.prefix}:llm-budget:${accountId}:${day}`;
      expect(Number(await redis.get(key))).toBe(BUDGET + 1);
      // Gone within an hour after the Moscow day ends.
      const ttlSeconds = (await redis.pttl(key)) / 1000;
      expect(ttlSeconds).toBeGreaterThan(secondsToMoscowMidnight(Date.now()));
      expect(ttlSeconds).toBeLessThanOrEqual(secondsToMoscowMidnight(before) + 3600);
    } finally {
      redis.disconnect();
    }

    const other = await aiAccount(t);
    const elsewhere = await generate(t, other.owner, other.accountId, await insertInboxItem(db, other.accountId));
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    expect(aiCalls()).toHaveLength(BUDGET + 1);
  });

  it('is one count across replicas: parallel calls on two replicas never pass it together', async () => {
    emulator.context.calls.clear();
    const { owner, accountId } = await aiAccount(t);
    const items = await Promise.all(Array.from({ length: BUDGET + 7 }, () => insertInboxItem(db, accountId)));
    const answers = await Promise.all(items.map((item, n) => generate(n % 2 ? replica : t, owner, accountId, item)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([...Array(BUDGET).fill(200), ...Array(7).fill(429)]);
    expect(aiCalls()).toHaveLength(BUDGET);
  });

  it('a complaint prepared past the budget keeps its base text, with no AI call', async () => {
    emulator.context.calls.clear();
    const { owner, accountId } = await aiAccount(t);
    const feedbacks = await Promise.all(Array.from({ length: BUDGET + 1 }, () => insertInboxItem(db, accountId, { rating: 1 })));
    for (const feedback of feedbacks.slice(0, BUDGET)) {
      const complaint = await prepareComplaint(t, owner, accountId, feedback);
      expect(complaint.statusCode, complaint.body).toBe(200);
      expect(complaint.json().text).not.toBe(BASE_TEXT);
    }
    const past = await prepareComplaint(t, owner, accountId, feedbacks[BUDGET]);
    expect(past.statusCode, past.body).toBe(200);
    expect(past.json().text).toBe(BASE_TEXT);
    expect((await db.select().from(complaints).where(eq(complaints.inboxItemId, feedbacks[BUDGET])))[0].text).toBe(BASE_TEXT);
    expect(aiCalls()).toHaveLength(BUDGET);
  });

  it('is said in the API docs of the routes that call the AI', async () => {
    const document = (await t.request({ method: 'GET', url: '/api/docs-json' })).json();
    for (const path of ['/autoreply/generate', '/autoreply/complaints/prepare'])
      expect(document.paths[path].post.description).toContain('LLM_ACCOUNT_DAILY_LIMIT');
  });
});

describe('the daily AI budget with Redis down', () => {
  let emulator: RunningEmulator;
  let t: TestApp;
  let db: Database;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, limits: false });
    t = await startTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1', MP_API_BASE_URL: emulator.url, ...serviceLlmEnv(emulator.url) } });
    db = t.app.get<Database>(DATABASE);
  });
  afterAll(async () => {
    await t?.close();
    await emulator?.close();
  });

  it('refuses an AI reply with 503 and Retry-After, no AI call; a complaint keeps its base text', async () => {
    const { owner, accountId } = await aiAccount(t);
    const item = await insertInboxItem(db, accountId, { rating: 1 });
    const refused = await generate(t, owner, accountId, item);
    expectErrorEnvelope(refused, 503, 'SERVICE_UNAVAILABLE');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await db.select().from(replyDrafts).where(eq(replyDrafts.inboxItemId, item))).toEqual([]);

    const complaint = await prepareComplaint(t, owner, accountId, item);
    expect(complaint.statusCode, complaint.body).toBe(200);
    expect(complaint.json().text).toBe(BASE_TEXT);
    expect(emulator.context.calls.list({ scope: 'llm' })).toEqual([]);
  });
});
