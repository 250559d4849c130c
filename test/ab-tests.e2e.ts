import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DATABASE, Database } from '../src/database/database.tokens';
import { abTestRotations } from '../src/database/schema';
import { insertCardAndCampaign, uploadedImage, uploadedImageId } from './support/ab-tests';
import { auditRecordsOf } from './support/audit-records';
import { expectErrorEnvelope, fieldErrors } from './support/envelope';
import { createAccount, createUser, TestUser } from './support/identity';
import { resourceRoutes } from './support/resource-routes';
import { startTestApp, TestApp } from './support/test-app';

let t: TestApp;
let db: Database;
let owner: TestUser;
let stranger: TestUser;
let accountId: string;
let images: string[];
/** The images of `images` as a test answers them: the public address and the size of each. */
let variantImages: { id: string; publicUrl: string; width: number; height: number }[];
let otherImage: string;

const NM = [501_000_001, 501_000_002, 501_000_003, 501_000_004, 501_000_005];
const ADVERTS = [9_001, 9_002, 9_003];

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get<Database>(DATABASE);
  owner = await createUser(t);
  stranger = await createUser(t);
  accountId = await createAccount(t, owner.id);
  for (const [index, nmId] of NM.entries()) await insertCardAndCampaign(db, accountId, nmId, ADVERTS[index % ADVERTS.length]);
  const uploaded = [await uploadedImage(t, owner, accountId), await uploadedImage(t, owner, accountId, 'png')];
  images = uploaded.map((image) => image.id);
  variantImages = uploaded.map(({ id, publicUrl }) => ({ id, publicUrl, width: 700, height: 900 }));
  const strangerAccount = await createAccount(t, stranger.id);
  otherImage = await uploadedImageId(t, stranger, strangerAccount);
});
afterAll(() => t.close());

const valid = (extra: Record<string, unknown> = {}) => ({
  mpAccountId: accountId,
  nmId: NM[0],
  advertId: ADVERTS[0],
  variants: images,
  switchEvery: { impressions: 2000 },
  onFinish: 'restore',
  ...extra,
});

const routes = resourceRoutes(
  () => t,
  '/ab-tests',
  () => owner,
);
const act = (id: string, action: string, user = owner) =>
  t.request({ method: 'POST', url: `/ab-tests/${id}/${action}`, headers: user.auth });
const read = (id: string, what: string, user = owner) => t.request({ method: 'GET', url: `/ab-tests/${id}/${what}`, headers: user.auth });

describe('A/B tests', () => {
  it('creates a draft with the defaults; GET and the list answer it; PATCH changes a draft', async () => {
    const test = await routes.created(valid());
    expect(test).toEqual({
      id: expect.any(String),
      mpAccountId: accountId,
      nmId: NM[0],
      advertId: ADVERTS[0],
      variants: images,
      variantImages,
      switchEvery: { impressions: 2000 },
      targetImpressionsPerVariant: 10_000,
      settleMinutes: 30,
      onFinish: 'restore',
      state: 'draft',
      stateReason: null,
      verdict: null,
      winner: null,
      ctrUpliftPct: null,
      scheduledAt: null,
      startedAt: null,
      endedAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await routes.get(test.id)).json()).toEqual(test);
    const list = (await routes.list(`mpAccountId=${accountId}&state=draft`)).json();
    expect(list.items).toContainEqual(test);
    const patched = await routes.patch(test.id, { switchEvery: { hours: 3 }, settleMinutes: 45, variants: [...images].reverse() });
    expect(patched.json()).toMatchObject({
      switchEvery: { hours: 3 },
      settleMinutes: 45,
      state: 'draft',
      variantImages: [...variantImages].reverse(),
    });
    expect((await auditRecordsOf(db, accountId)).map((record) => record.action)).toEqual(
      expect.arrayContaining(['ab-test.create', 'ab-test.update']),
    );
  });

  it('checks the fields: 2..10 distinct variants, exactly one switch rule within its bounds, onFinish', async () => {
    const errors = async (extra: Record<string, unknown>) =>
      fieldErrors(expectErrorEnvelope(await routes.post(valid(extra)), 400, 'VALIDATION_FAILED').details);
    expect(await errors({ variants: [images[0]] })).toEqual({ variants: ['arrayMinSize'] });
    expect(await errors({ variants: [images[0], images[0]] })).toEqual({ variants: ['arrayUnique'] });
    expect(await errors({ switchEvery: { impressions: 999 } })).toEqual({ 'switchEvery.impressions': ['min'] });
    expect(await errors({ switchEvery: { hours: 6 } })).toEqual({ 'switchEvery.hours': ['max'] });
    expect(await errors({ switchEvery: { impressions: 2000, hours: 3 } })).toEqual({ switchEvery: ['exactlyOneOfImpressionsOrHours'] });
    expect(await errors({ switchEvery: {} })).toEqual({ switchEvery: ['exactlyOneOfImpressionsOrHours'] });
    expect(await errors({ onFinish: 'keep' })).toEqual({ onFinish: ['isIn'] });
  });

  it("another account's image, an unknown card or campaign is 404", async () => {
    expectErrorEnvelope(await routes.post(valid({ variants: [images[0], otherImage] })), 404, 'NOT_FOUND');
    expectErrorEnvelope(await routes.post(valid({ nmId: 1 })), 404, 'NOT_FOUND');
    expectErrorEnvelope(await routes.post(valid({ advertId: 1 })), 404, 'NOT_FOUND');
  });

  it('start records the intent; one active test per card and per campaign (409)', async () => {
    const first = await routes.created(valid({ nmId: NM[1], advertId: ADVERTS[1] }));
    const started = await act(first.id, 'start');
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ state: 'scheduled', scheduledAt: expect.any(String) });
    const sameCard = await routes.created(valid({ nmId: NM[1], advertId: ADVERTS[2] }));
    const cardConflict = expectErrorEnvelope(await act(sameCard.id, 'start'), 409, 'CONFLICT');
    expect(cardConflict.details).toEqual({ testId: first.id });
    const sameCampaign = await routes.created(valid({ nmId: NM[2], advertId: ADVERTS[1] }));
    expectErrorEnvelope(await act(sameCampaign.id, 'start'), 409, 'CONFLICT');
    expect((await routes.get(sameCard.id)).json().state).toBe('draft');
    // Stopped, the first frees its card and campaign.
    expect((await act(first.id, 'stop')).json()).toMatchObject({
      state: 'completed',
      verdict: 'inconclusive',
      endedAt: expect.any(String),
    });
    expect((await act(sameCard.id, 'start')).json().state).toBe('scheduled');
    await act(sameCard.id, 'stop');
  });

  it('walks the state machine; a refused action is 409 with the current state', async () => {
    const test = await routes.created(valid({ nmId: NM[3], advertId: ADVERTS[0] }));
    expect((await act(test.id, 'start')).json().state).toBe('scheduled');
    const patchWhileScheduled = expectErrorEnvelope(await routes.patch(test.id, { settleMinutes: 10 }), 409, 'CONFLICT');
    expect(patchWhileScheduled.details).toMatchObject({ action: 'update', state: 'scheduled' });
    expectErrorEnvelope(await routes.remove(test.id), 409, 'CONFLICT');
    expect((await act(test.id, 'pause')).json()).toMatchObject({ state: 'paused', stateReason: 'manual' });
    expect((await act(test.id, 'start')).json()).toMatchObject({ state: 'scheduled', stateReason: null });
    expect((await act(test.id, 'stop')).json()).toMatchObject({ state: 'completed', verdict: 'inconclusive', winner: null });
    const noWinner = expectErrorEnvelope(await act(test.id, 'apply-winner'), 409, 'CONFLICT');
    expect(noWinner.details).toMatchObject({ state: 'completed', verdict: 'inconclusive' });
    expect((await act(test.id, 'restore')).json().state).toBe('restored');
    const again = expectErrorEnvelope(await act(test.id, 'restore'), 409, 'CONFLICT');
    expect(again.details).toMatchObject({ action: 'restore', state: 'restored' });
    expect((await routes.remove(test.id)).statusCode).toBe(204);
    expectErrorEnvelope(await routes.get(test.id), 404, 'NOT_FOUND');
    const actions = (await auditRecordsOf(db, accountId)).filter((record) => record.entityId === test.id).map((record) => record.action);
    expect(actions).toEqual(
      expect.arrayContaining(['ab-test.start', 'ab-test.pause', 'ab-test.stop', 'ab-test.restore', 'ab-test.delete']),
    );
  });

  it('results: per-variant views and clicks from the rotations, the settle windows left out; CTR, interval, probability', async () => {
    const test = await routes.created(valid({ nmId: NM[4], advertId: ADVERTS[1] }));
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 10, minutes));
    const rotation = (variantIndex: number, start: number, counters: number[]) => ({
      testId: test.id,
      variantIndex,
      startedAt: at(start),
      settleUntil: at(start + 30),
      endedAt: at(start + 120),
      viewsAtSwitch: counters[0],
      clicksAtSwitch: counters[1],
      viewsAtStart: counters[2],
      clicksAtStart: counters[3],
      viewsAtEnd: counters[4],
      clicksAtEnd: counters[5],
      state: 'done' as const,
    });
    await db
      .insert(abTestRotations)
      .values([
        rotation(0, 0, [0, 0, 100, 3, 5100, 153]),
        rotation(1, 120, [5100, 153, 5200, 156, 10_200, 356]),
        rotation(1, 240, [10_200, 356, 10_300, 360, 15_300, 560]),
        rotation(0, 360, [15_300, 560, 15_400, 563, 20_400, 713]),
      ]);
    const results = await read(test.id, 'results');
    expect(results.statusCode, results.body).toBe(200);
    const body = results.json();
    expect(body).toMatchObject({ testId: test.id, state: 'draft', targetImpressionsPerVariant: 10_000, verdict: 'winner', winner: 1 });
    expect(body.variants.map((v: Record<string, unknown>) => [v.imageId, v.views, v.clicks, v.rotations, v.ctr])).toEqual([
      [images[0], 10_000, 300, 2, 0.03],
      [images[1], 10_000, 400, 2, 0.04],
    ]);
    expect(body.variants[1].probabilityBest).toBeGreaterThan(0.99);
    expect(body.variants[0].ctrInterval.low).toBeCloseTo(0.02681, 4);
    const rotations = (await read(test.id, 'rotations')).json();
    expect(rotations.map((r: { variantIndex: number }) => r.variantIndex)).toEqual([0, 1, 1, 0]);
    expect(rotations[0]).toMatchObject({ viewsAtStart: 100, viewsAtEnd: 5100, state: 'done' });
    // Stopped with such a measurement, the test keeps its winner and may apply it.
    await act(test.id, 'start');
    expect((await act(test.id, 'stop')).json()).toMatchObject({ verdict: 'winner', winner: 1, ctrUpliftPct: 33.33 });
    expect((await act(test.id, 'apply-winner')).json().state).toBe('applied');
  });

  it('the summary answers the KPI envelope', async () => {
    const response = await t.request({ method: 'GET', url: `/ab-tests/summary?mpAccountId=${accountId}&period=7d`, headers: owner.auth });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      period: '7d',
      running: 0,
      completed: 4,
      winnersFoundPct: 25,
      avgCtrUpliftPct: 33.33,
      interrupted: 0,
      runningDelta: null,
    });
  });

  it('another seller gets 404 on every route of a test, like an unknown id', async () => {
    const test = await routes.created(valid({ nmId: NM[0], advertId: ADVERTS[2] }));
    const answers = [
      await routes.get(test.id, stranger),
      await routes.patch(test.id, { settleMinutes: 10 }, stranger),
      await routes.remove(test.id, stranger),
      ...(await Promise.all(['start', 'pause', 'stop', 'apply-winner', 'restore'].map((action) => act(test.id, action, stranger)))),
      await read(test.id, 'results', stranger),
      await read(test.id, 'rotations', stranger),
      await routes.post(valid(), stranger),
      await routes.list(`mpAccountId=${accountId}`, stranger),
      await t.request({ method: 'GET', url: `/ab-tests/summary?mpAccountId=${accountId}`, headers: stranger.auth }),
    ];
    for (const answer of answers) expectErrorEnvelope(answer, 404, 'NOT_FOUND');
    expect((await routes.get(test.id)).json().state).toBe('draft');
  });
});
