import { randomInt, randomUUID } from 'node:crypto';

import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { serviceLlmEnv } from '../emulator/src/llm-script';
import type { Seller } from '../emulator/src/sellers';
import { moscowToday } from '../src/common/time/moscow-time';
import { DATABASE, Database } from '../src/database/database.tokens';
import { abTestRotations, inventoryCover, products } from '../src/database/schema';
import { mediaSave } from '../src/marketplace/endpoints/content';
import { AB_ROTATION_RUN_JOB } from '../src/modules/ab-tests/rotation/ab-rotation.job-definitions';
import { QueueService } from '../src/queue/queue.service';
import { insertCardAndCampaign, uploadImage } from './support/ab-tests';
import { auditRecordsOfEntity } from './support/audit-records';
import { cardFiles, contentSha, photoOf } from './support/card-files';
import { createAccount, createUser, TestUser } from './support/identity';
import { callsOf, RunningEmulator, startEmulator } from './support/marketplace';
import { colouredImage, MediaHost, startMediaHost, testVideo } from './support/media-host';
import { field, filePart } from './support/multipart-form';
import { startTestApp, TestApp } from './support/test-app';
import { until } from './support/until';

let host: MediaHost;
let emulator: RunningEmulator;
let t: TestApp;
let db: Database;

/** The card is read back this long after a switch; the emulator applies a media call after 100 ms. */
const VERIFY_MS = 1500;
const WAIT_MS = 20_000;

beforeAll(async () => {
  host = await startMediaHost();
  emulator = await startEmulator({ port: 0, limits: false, mediaApplyDelayMs: 100 });
  t = await startTestApp({
    env: {
      APP_ROLE: 'all',
      MP_API_BASE_URL: emulator.url,
      ...serviceLlmEnv(emulator.url),
      PUBLIC_BASE_URL: host.url,
      AB_VERIFY_MS: String(VERIFY_MS),
      MP_API_RATE_WINDOW_PERCENT: '1',
    },
  });
  host.attach(t);
  db = t.app.get<Database>(DATABASE);
});
afterAll(async () => {
  await t?.close();
  await emulator?.close();
  await host?.close();
});

const colour = () => colouredImage(randomInt(256), randomInt(256), randomInt(256));

interface World {
  seller: Seller;
  owner: TestUser;
  accountId: string;
  nmId: number;
  advertId: number;
  /** The card's files before the test, by content, in order. */
  original: string[];
  variants: { id: string; publicUrl: string; hash: string }[];
  scriptViews(views: number, clicks: number): void;
}

/** A seller whose card has two photos and a video of its own, in an active campaign, and two variant images. */
async function world(): Promise<World> {
  const { seller, token } = emulator.context.sellers.create({ cards: 4, campaigns: 1 });
  const owner = await createUser(t);
  const accountId = await createAccount(t, owner.id, 'Кабинет', token.token);
  const [campaign] = seller.campaigns.all();
  seller.campaigns.setStatus(campaign, 9);
  const nm = campaign.nms[0];
  await insertCardAndCampaign(db, accountId, nm.nmId, campaign.id);
  const key = randomUUID();
  const photos = [host.put(`${key}-1.jpg`, await colour(), 'image/jpeg'), host.put(`${key}-2.jpg`, await colour(), 'image/jpeg')];
  const video = host.put(`${key}.mp4`, testVideo(), 'video/mp4');
  seller.cards.setMedia(nm.nmId, () => ({ photos: photos.map(photoOf), video }));
  const scriptViews = (views: number, clicks: number) =>
    seller.campaigns.scriptDays(nm, [{ date: moscowToday(new Date()), views, clicks, sum: 10 }]);
  scriptViews(100, 5);
  const variants = [];
  for (let k = 0; k < 2; k++) {
    const bytes = await colour();
    const uploaded = await uploadImage(t, owner, [field('mpAccountId', accountId), filePart(bytes)]);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    variants.push({ ...uploaded.json<{ id: string; publicUrl: string }>(), hash: contentSha(bytes) });
  }
  return {
    seller,
    owner,
    accountId,
    nmId: nm.nmId,
    advertId: campaign.id,
    original: await cardFiles(seller, nm.nmId),
    variants,
    scriptViews,
  };
}

async function startedTest(w: World, extra: Record<string, unknown> = {}): Promise<string> {
  const created = await t.request({
    method: 'POST',
    url: '/ab-tests',
    headers: w.owner.auth,
    payload: {
      mpAccountId: w.accountId,
      nmId: w.nmId,
      advertId: w.advertId,
      variants: w.variants.map((variant) => variant.id),
      switchEvery: { impressions: 1000 },
      settleMinutes: 0,
      onFinish: 'restore',
      ...extra,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id;
  const started = await act(w, id, 'start');
  expect(started.statusCode, started.body).toBe(200);
  return id;
}

const act = (w: World, id: string, action: string) =>
  t.request({ method: 'POST', url: `/ab-tests/${id}/${action}`, headers: w.owner.auth });
const testOf = async (w: World, id: string) => (await t.request({ method: 'GET', url: `/ab-tests/${id}`, headers: w.owner.auth })).json();
const stateIs = (w: World, id: string, state: string) =>
  until(
    () => testOf(w, id),
    (test) => test.state === state,
    WAIT_MS,
  );
const rotationsOf = (id: string) =>
  db.select().from(abTestRotations).where(eq(abTestRotations.testId, id)).orderBy(asc(abTestRotations.seq));
/** A run of the account's tests, as the schedule's tick starts one. */
const tick = (w: World) => t.app.get(QueueService).enqueue(AB_ROTATION_RUN_JOB, { mpAccountId: w.accountId });
const mediaCalls = (w: World) => callsOf(emulator, w.seller.id, 'content', mediaSave.path);
/** The card with the variant first and the rest of the original set after it, in order. */
const withFirst = (w: World, hash: string) => [`photo:${hash}`, ...w.original.slice(1)];

describe('the rotation of an A/B test', () => {
  it('start puts the first variant first on the card, the rest of the set unchanged; the switch is audited', async () => {
    const w = await world();
    const id = await startedTest(w);

    const card = await until(
      () => cardFiles(w.seller, w.nmId),
      (files) => files[0] === `photo:${w.variants[0].hash}`,
      WAIT_MS,
    );

    expect(card).toEqual(withFirst(w, w.variants[0].hash));
    expect((await testOf(w, id)).state).toBe('running');
    const [sent] = mediaCalls(w).map((call) => call.body as { nmId: number; data: string[] });
    expect(sent.nmId).toBe(w.nmId);
    expect(sent.data[0]).toBe(w.variants[0].publicUrl);
    expect(sent.data).toHaveLength(3);
    const [rotation] = await rotationsOf(id);
    expect(rotation).toMatchObject({ seq: 0, variantIndex: 0, viewsAtSwitch: 100, clicksAtSwitch: 5 });
    const audits = await auditRecordsOfEntity(db, 'ab-test.media', id);
    // The first switch carries out the owner's start.
    expect(audits[0]).toMatchObject({
      userId: w.owner.id,
      details: expect.objectContaining({ nmId: w.nmId, by: 'user', reason: 'переключение на вариант 1', after: sent.data }),
    });
    expect(audits[0].details).toHaveProperty('before');
  });

  it('a variant the marketplace does not apply (200, then ignored) fails the test with the reason; the card keeps its media', async () => {
    const w = await world();
    host.shrink(w.variants[0].publicUrl.split('/').at(-1)!);
    const id = await startedTest(w);

    const failed = await stateIs(w, id, 'failed');

    expect(failed.stateReason).toContain('не применил фото варианта 1');
    expect(await cardFiles(w.seller, w.nmId)).toEqual(w.original);
    expect(mediaCalls(w)).toHaveLength(1);
  });

  it('photos changed by someone else: interrupted, the owner told, nothing more written to the card', async () => {
    const w = await world();
    const id = await startedTest(w);
    await until(
      () => rotationsOf(id),
      (rows) => rows[0]?.verifiedAt != null,
      WAIT_MS,
    );
    const foreign = host.put(`${randomUUID()}.jpg`, await colour(), 'image/jpeg');
    w.seller.cards.setMedia(w.nmId, () => ({ photos: [photoOf(foreign)], video: '' }));
    const calls = mediaCalls(w).length;

    await tick(w);
    const interrupted = await stateIs(w, id, 'interrupted');

    expect(interrupted.stateReason).toBe('Фото карточки изменены вне сервиса');
    const notifications = (await t.request({ method: 'GET', url: '/notifications', headers: w.owner.auth })).json();
    expect(notifications.items).toEqual([
      expect.objectContaining({ type: 'ab_test.interrupted', payload: expect.objectContaining({ testId: id, nmId: w.nmId }) }),
    ]);
    await tick(w);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mediaCalls(w)).toHaveLength(calls);
    expect(w.seller.cards.byNmId(w.nmId)!.photos.map((photo) => photo.big)).toEqual([foreign]);
  });

  it('stop puts the original media back exactly, video included, in order', async () => {
    const w = await world();
    const id = await startedTest(w);
    await until(
      () => cardFiles(w.seller, w.nmId),
      (files) => files[0] === `photo:${w.variants[0].hash}`,
      WAIT_MS,
    );

    expect((await act(w, id, 'stop')).json().state).toBe('completed');
    const card = await until(
      () => cardFiles(w.seller, w.nmId),
      (files) => files[0] !== `photo:${w.variants[0].hash}`,
      WAIT_MS,
    );

    expect(card).toEqual(w.original);
    expect(card.at(-1)).toMatch(/^video:/);
    const audits = await auditRecordsOfEntity(db, 'ab-test.media', id);
    expect(audits.at(-1)).toMatchObject({ userId: w.owner.id, details: expect.objectContaining({ reason: 'исходные фото', by: 'user' }) });
  });

  it('a paused campaign pauses the test; it resumes when the campaign runs again', async () => {
    const w = await world();
    const id = await startedTest(w);
    await until(
      () => rotationsOf(id),
      (rows) => rows[0]?.verifiedAt != null,
      WAIT_MS,
    );
    const [campaign] = w.seller.campaigns.all();

    w.seller.campaigns.setStatus(campaign, 11);
    await tick(w);
    const paused = await stateIs(w, id, 'paused');
    expect(paused.stateReason).toBe('campaign_paused');
    expect((await rotationsOf(id))[0].state).toBe('cut');

    const calls = mediaCalls(w).length;
    w.seller.campaigns.setStatus(campaign, 9);
    await tick(w);
    await stateIs(w, id, 'running');
    const rows = await until(
      () => rotationsOf(id),
      (all) => all.length === 2,
      WAIT_MS,
    );
    // The card still shows the variant: the same variant again needs no media call.
    expect(rows[1]).toMatchObject({ seq: 1, variantIndex: 0, state: 'settling' });
    expect(mediaCalls(w)).toHaveLength(calls);
  });

  it('a price change or the card out of stock pauses the test with its reason', async () => {
    const w = await world();
    const id = await startedTest(w);
    await until(
      () => rotationsOf(id),
      (rows) => rows[0]?.verifiedAt != null,
      WAIT_MS,
    );
    const where = and(eq(products.mpAccountId, w.accountId), eq(products.nmId, w.nmId));

    await db.update(products).set({ price: 1200 }).where(where);
    await tick(w);
    expect((await stateIs(w, id, 'paused')).stateReason).toBe('price_changed');

    await db.update(products).set({ price: 1000 }).where(where);
    const now = new Date();
    await db
      .insert(inventoryCover)
      .values({ mpAccountId: w.accountId, nmId: w.nmId, quantity: 0, status: 'oos', statusSince: now, computedAt: now });
    await tick(w);
    await until(
      () => testOf(w, id),
      (test) => test.stateReason === 'out_of_stock',
      WAIT_MS,
    );

    await db.delete(inventoryCover).where(and(eq(inventoryCover.mpAccountId, w.accountId), eq(inventoryCover.nmId, w.nmId)));
    await tick(w);
    await stateIs(w, id, 'running');
  });

  it('per-variant counts come from the cumulative counters with the settle window left out', async () => {
    const w = await world();
    const id = await startedTest(w);
    await until(
      () => rotationsOf(id),
      (rows) => rows.length === 1,
      WAIT_MS,
    );
    // Views while the photo settles (from the switch to the read-back) are not counted.
    w.scriptViews(150, 7);
    const [measuring] = await until(
      () => rotationsOf(id),
      (rows) => rows[0].state === 'measuring',
      WAIT_MS,
    );
    expect(measuring).toMatchObject({ viewsAtSwitch: 100, viewsAtStart: 150, clicksAtStart: 7 });

    w.scriptViews(1150, 37);
    await tick(w);
    const rows = await until(
      () => rotationsOf(id),
      (all) => all.length === 2,
      WAIT_MS,
    );

    expect(rows[0]).toMatchObject({ state: 'done', viewsAtEnd: 1150, clicksAtEnd: 37 });
    expect(rows[1]).toMatchObject({ seq: 1, variantIndex: 1, viewsAtSwitch: 1150 });
    const results = (await t.request({ method: 'GET', url: `/ab-tests/${id}/results`, headers: w.owner.auth })).json();
    expect(results.variants.map((variant: { views: number; clicks: number }) => [variant.views, variant.clicks])).toEqual([
      [1000, 30],
      [0, 0],
    ]);
    await until(
      () => cardFiles(w.seller, w.nmId),
      (files) => files[0] === `photo:${w.variants[1].hash}`,
      WAIT_MS,
    );
    // A scheduled run's switch is the system's.
    const audits = await auditRecordsOfEntity(db, 'ab-test.media', id);
    expect(audits.at(-1)).toMatchObject({
      userId: null,
      details: expect.objectContaining({ by: 'system', reason: 'переключение на вариант 2' }),
    });
  });
});

describe('the end of an A/B test', () => {
  it('every variant at its target: completed with the winner, which stays first (onFinish apply_winner)', async () => {
    const w = await world();
    const id = await startedTest(w, { targetImpressionsPerVariant: 1000, onFinish: 'apply_winner' });
    const measuring = (count: number) =>
      until(
        () => rotationsOf(id),
        (rows) => rows.length === count && rows[count - 1].state === 'measuring',
        WAIT_MS,
      );
    await measuring(1);
    w.scriptViews(1100, 15);
    await tick(w);
    await measuring(2);
    w.scriptViews(2100, 115);
    await tick(w);

    const applied = await stateIs(w, id, 'applied');

    expect(applied).toMatchObject({ verdict: 'winner', winner: 1 });
    expect(await cardFiles(w.seller, w.nmId)).toEqual(withFirst(w, w.variants[1].hash));
    // Two switches; the winner was on the card already, so the end wrote nothing.
    expect(mediaCalls(w)).toHaveLength(2);
    const results = (await t.request({ method: 'GET', url: `/ab-tests/${id}/results`, headers: w.owner.auth })).json();
    expect(results.variants.map((variant: { views: number; clicks: number }) => [variant.views, variant.clicks])).toEqual([
      [1000, 10],
      [1000, 100],
    ]);
  });

  it('a repeated run writes nothing twice', async () => {
    const w = await world();
    const id = await startedTest(w);
    await until(
      () => rotationsOf(id),
      (rows) => rows[0]?.state === 'measuring',
      WAIT_MS,
    );

    await Promise.all([tick(w), tick(w), tick(w)]);
    await new Promise((resolve) => setTimeout(resolve, 1500));

    expect(mediaCalls(w)).toHaveLength(1);
    expect(await rotationsOf(id)).toHaveLength(1);
  });
});
