import type { Job } from 'bullmq';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { brandOf, cardAt, nmIdOf } from '../emulator/src/generator/catalog';
import { DATABASE, Database } from '../src/database/database.tokens';
import { brands, mpAccounts, products } from '../src/database/schema';
import { cardsList } from '../src/marketplace/endpoints/content';
import { CATALOG_PRICES_JOB, CATALOG_PRICES_SCHEDULE, CATALOG_SYNC_QUEUE } from '../src/modules/catalog/sync/catalog-sync.jobs';
import { AccountJobs } from '../src/queue/account-jobs';
import { QueueService } from '../src/queue/queue.service';
import { createAccount, createUser, TestUser } from './support/identity';
import { callsOf, EmulatedAccount, emulatedAccount, RunningEmulator, startEmulator } from './support/marketplace';
import { startTestApp, TestApp } from './support/test-app';

const CARDS_PATH = cardsList.path;

interface SyncStatus {
  state: 'idle' | 'running' | 'error';
  productCount: number;
  lastSyncAt: string | null;
  message: string | null;
  errorMessage: string | null;
  jobId: string | null;
}

/** Polls until `read` answers something `done` accepts. */
function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeout = 60_000): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await read();
      if (!done(value)) throw new Error(`not yet: ${JSON.stringify(value)}`);
      return value;
    },
    { timeout, interval: 100 },
  );
}

/** A worker app (api and workers) against the emulator, and helpers over its routes. */
function catalogHarness(env: Record<string, string> = {}) {
  const h = {} as { emulator: RunningEmulator; t: TestApp; db: Database };
  beforeAll(async () => {
    h.emulator = await startEmulator({ port: 0, limits: false });
    h.t = await startTestApp({ env: { APP_ROLE: 'all', MP_API_BASE_URL: h.emulator.url, ...env } });
    h.db = h.t.app.get<Database>(DATABASE);
  });
  afterAll(async () => {
    await h.t.close();
    await h.emulator.close();
  });
  const ownerOf = async (accountId: string): Promise<TestUser['auth']> => {
    const [row] = await h.db.select({ ownerId: mpAccounts.ownerId }).from(mpAccounts).where(eq(mpAccounts.id, accountId));
    return { authorization: `Bearer ${h.t.tokenFor('seller', row.ownerId)}` };
  };
  const startSync = async (accountId: string) => {
    const response = await h.t.request({
      method: 'POST',
      url: '/catalog/sync',
      headers: await ownerOf(accountId),
      payload: { mpAccountId: accountId },
    });
    expect(response.statusCode, response.body).toBe(202);
    return response.json() as { jobId: string; alreadyRunning: boolean };
  };
  const status = async (accountId: string): Promise<SyncStatus> => {
    const response = await h.t.request({
      method: 'GET',
      url: `/catalog/sync/status?mpAccountId=${accountId}`,
      headers: await ownerOf(accountId),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  /**
   * The status once no sync runs; with `jobId`, once that sync ran (a status read before it started is the last one's)
   * and its job has ended in the queue too: the status is written just before, and a sync started in between would be
   * answered with that job, still unfinished, as already running.
   */
  const settled = async (accountId: string, jobId?: string) => {
    const done = await until(
      () => status(accountId),
      (s) => s.state !== 'running' && (jobId === undefined || s.jobId === jobId),
      90_000,
    );
    if (jobId !== undefined) {
      const job = await h.t.app.get(QueueService).queue(CATALOG_SYNC_QUEUE).getJob(jobId);
      await until(
        async () => (job ? await job.getState() : 'completed'),
        (state) => state === 'completed' || state === 'failed',
      );
    }
    return done;
  };
  const rowsOf = (accountId: string) => h.db.select().from(products).where(eq(products.mpAccountId, accountId)).orderBy(products.nmId);
  return { h, startSync, status, settled, rowsOf };
}

describe('catalog sync', () => {
  const { h, startSync, status, settled, rowsOf } = catalogHarness();

  it(
    'syncs 3 000 cards and their prices: per-size minimum, no price for unpriced cards, brands, photo, sizes; status idle → running → idle',
    { timeout: 120_000 },
    async () => {
      const account = await emulatedAccount(h.t, h.emulator, { cards: 3000, seed: 42 });
      expect(await status(account.accountId)).toMatchObject({ state: 'idle', productCount: 0, lastSyncAt: null, errorMessage: null });

      const { jobId, alreadyRunning } = await startSync(account.accountId);
      expect(alreadyRunning).toBe(false);
      expect(await status(account.accountId)).toMatchObject({ state: 'running', jobId });
      const done = await settled(account.accountId);
      expect(done).toMatchObject({ state: 'idle', productCount: 3000, errorMessage: null, jobId });
      expect(done.message).toMatch(/^Синхронизация каталога завершена: карточек загружено 3\s000, цен обновлено 2\s940$/);
      expect(Date.parse(done.lastSyncAt!)).toBeGreaterThan(Date.now() - 120_000);

      const seller = h.emulator.context.sellers.get(account.sellerId)!;
      const rows = await rowsOf(account.accountId);
      expect(rows).toHaveLength(3000);
      const brandRows = await h.db.select().from(brands).where(eq(brands.mpAccountId, account.accountId));
      const brandIds = new Map(brandRows.map((brand) => [brand.name, brand.id]));
      let perSize = 0;
      let unpriced = 0;
      rows.forEach((row, index) => {
        const card = cardAt(seller.catalog, index);
        expect(row.nmId).toBe(nmIdOf(seller.catalog, index));
        expect(row).toMatchObject({
          vendorCode: card.vendorCode,
          title: card.title,
          brand: brandOf(seller.catalog, index),
          photo: card.photos[0]?.big ?? null,
          removedAt: null,
          pricePendingSince: null,
        });
        expect(row.brandId).toBe(brandIds.get(card.brand));
        expect(row.sizes).toEqual(card.sizes.map((size) => ({ chrtID: size.chrtID, techSize: size.techSize, skus: size.skus })));
        expect(row.cardUpdatedAt.toISOString()).toBe(card.updatedAt);
        const price = seller.prices.priceOf(index);
        if (!price) {
          unpriced += 1;
          expect(row).toMatchObject({ price: null, discount: null, discountedPrice: null, clubDiscount: null, priceUpdatedAt: null });
          return;
        }
        const cheapest = Math.min(...price.sizePrices);
        if (new Set(price.sizePrices).size > 1) perSize += 1;
        expect(row).toMatchObject({ price: cheapest, discount: price.discount, clubDiscount: price.clubDiscount });
        expect(Number(row.discountedPrice)).toBe(Math.round(cheapest * (100 - price.discount)) / 100);
        expect(row.priceUpdatedAt).not.toBeNull();
      });
      expect(unpriced).toBe(60);
      expect(perSize).toBeGreaterThan(50);
      expect(brandIds.size).toBeGreaterThan(5);

      // Pages of 100 with the cursor until a short (here: empty) one, goods pages of 1 000 until an empty one.
      expect(callsOf(h.emulator, account.sellerId, 'content', CARDS_PATH)).toHaveLength(31);
      expect(
        callsOf(h.emulator, account.sellerId, 'prices').map((call) => new URL(call.url, 'http://x').searchParams.get('offset')),
      ).toEqual(['0', '1000', '2000', '2940']);
    },
  );

  it('10 parallel POSTs start one job; the other nine answer its id with alreadyRunning', async () => {
    const account = await emulatedAccount(h.t, h.emulator, { cards: 150 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => startSync(account.accountId)));
    const started = answers.filter((answer) => !answer.alreadyRunning);
    expect(started).toHaveLength(1);
    expect(answers.every((answer) => answer.jobId === started[0].jobId)).toBe(true);
    expect((await settled(account.accountId)).productCount).toBe(150);
    expect(callsOf(h.emulator, account.sellerId, 'content', CARDS_PATH)).toHaveLength(2);
  });

  it('a foreign account answers 404 on both routes', async () => {
    const account = await emulatedAccount(h.t, h.emulator, { cards: 1 });
    const stranger = await createUser(h.t);
    const post = await h.t.request({
      method: 'POST',
      url: '/catalog/sync',
      headers: stranger.auth,
      payload: { mpAccountId: account.accountId },
    });
    const get = await h.t.request({ method: 'GET', url: `/catalog/sync/status?mpAccountId=${account.accountId}`, headers: stranger.auth });
    expect([post.statusCode, get.statusCode]).toEqual([404, 404]);
    expect(post.json().code).toBe('NOT_FOUND');
  });

  it('a rejected key ends the sync at once; the status shows error with a ready Russian message', async () => {
    const owner = await createUser(h.t);
    const accountId = await createAccount(h.t, owner.id, 'Кабинет с чужим ключом', 'unknown-key-of-nobody-0000');
    const { jobId } = await startSync(accountId);
    const failed = await settled(accountId, jobId);
    expect(failed).toMatchObject({ state: 'error', jobId, productCount: 0 });
    expect(failed.errorMessage).toBe('Маркетплейс отклонил ключ кабинета: проверьте ключ и его категории');
    const job = await h.t.app.get(QueueService).status({ name: 'catalog.sync', queue: CATALOG_SYNC_QUEUE }, jobId);
    expect(job).toMatchObject({ state: 'failed', progress: { phase: 'failed', attempt: 1, maxAttempts: 5 } });
  });

  it('cards gone from the marketplace are marked removed after a complete pass, not deleted', { timeout: 60_000 }, async () => {
    const account = await emulatedAccount(h.t, h.emulator, { cards: 250 });
    expect((await settled(account.accountId, (await startSync(account.accountId)).jobId)).productCount).toBe(250);
    // The newest 30 cards leave the marketplace.
    h.emulator.context.sellers.get(account.sellerId)!.catalog.cards = 220;
    const { jobId, alreadyRunning } = await startSync(account.accountId);
    expect(alreadyRunning).toBe(false);
    const done = await settled(account.accountId, jobId);
    expect(done.productCount).toBe(220);
    expect(done.message).toMatch(/снято с продажи 30/);
    const removed = await h.db
      .select()
      .from(products)
      .where(and(eq(products.mpAccountId, account.accountId), isNotNull(products.removedAt)))
      .orderBy(products.nmId);
    expect(removed.map((row) => row.nmId - removed[0].nmId)).toEqual(Array.from({ length: 30 }, (_, n) => n));
    expect(await rowsOf(account.accountId)).toHaveLength(250);
  });

  it('the synced catalog finds a product by its name in any case: «кроссовки» and «КРОССОВКИ» list the sneakers', async () => {
    const account = await emulatedAccount(h.t, h.emulator, { cards: 200 });
    expect((await settled(account.accountId, (await startSync(account.accountId)).jobId)).productCount).toBe(200);
    const catalog = h.emulator.context.sellers.get(account.sellerId)!.catalog;
    const sneakers = Array.from({ length: 200 }, (_, index) => cardAt(catalog, index))
      .filter((card) => card.subjectName === 'Кроссовки')
      .map((card) => card.title)
      .sort();
    expect(sneakers.length).toBeGreaterThan(5);
    const found = async (q: string) => {
      const response = await h.t.request({
        method: 'GET',
        url: `/catalog/products?mpAccountId=${account.accountId}&q=${encodeURIComponent(q)}&limit=100`,
        headers: account.owner.auth,
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { items: { title: string }[] }).items.map((item) => item.title).sort();
    };

    expect(await found('кроссовки')).toEqual(sneakers);
    expect(await found('КРОССОВКИ')).toEqual(sneakers);
    expect(await found('Кроссовки ЯРК')).toEqual(sneakers.filter((title) => title.startsWith('Кроссовки яркие ')));
  });

  it('a new account and a changed key start a sync (key events)', async () => {
    const owner = await createUser(h.t);
    const { seller, token } = h.emulator.context.sellers.create({ cards: 5 });
    const created = await h.t.request({
      method: 'POST',
      url: '/mp-accounts',
      headers: owner.auth,
      payload: { name: 'Новый кабинет', apiKey: token.token },
    });
    expect(created.statusCode, created.body).toBe(201);
    const accountId = created.json().id as string;
    expect((await settled(accountId)).productCount).toBe(5);

    const next = h.emulator.context.sellers.create({ cards: 7 });
    const patched = await h.t.request({
      method: 'PATCH',
      url: `/mp-accounts/${accountId}`,
      headers: owner.auth,
      payload: { apiKey: next.token.token },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await status(accountId)).toMatchObject({ state: 'running' });
    // The old seller's 5 cards are gone from the account the new key opens.
    expect((await settled(accountId)).productCount).toBe(7);
    expect(callsOf(h.emulator, seller.id, 'content')).toHaveLength(1);
  });

  it('a scheduled prices run fans out to active accounts only and skips an account a user job holds', async () => {
    const free = await emulatedAccount(h.t, h.emulator, { cards: 20 });
    const busy = await emulatedAccount(h.t, h.emulator, { cards: 20 });
    const inactive = await emulatedAccount(h.t, h.emulator, { cards: 20 });
    await h.db.update(mpAccounts).set({ isActive: false }).where(eq(mpAccounts.id, inactive.accountId));
    const lease = await h.t.app.get(AccountJobs).leases.acquire(busy.accountId, 'a-user-job', 'user');
    const queues = h.t.app.get(QueueService);

    await queues.enqueue(CATALOG_PRICES_SCHEDULE, {});
    const jobOf = async (account: EmulatedAccount): Promise<Job | undefined> => {
      const jobs = await queues.queue(CATALOG_SYNC_QUEUE).getJobs(['completed', 'failed']);
      return jobs.find((job) => job.name === CATALOG_PRICES_JOB.name && job.data.mpAccountId === account.accountId);
    };
    const freeJob = await until(
      () => jobOf(free),
      (job) => job !== undefined,
    );
    const busyJob = await until(
      () => jobOf(busy),
      (job) => job !== undefined,
    );
    await lease!.release();
    expect(freeJob!.data.trigger).toBe('scheduled');
    expect(freeJob!.returnvalue).toMatchObject({ cards: 0, capped: false });
    expect(busyJob!.returnvalue).toEqual({ skipped: 'account-busy' });
    expect(await jobOf(inactive)).toBeUndefined();
    expect(callsOf(h.emulator, inactive.sellerId)).toHaveLength(0);
    expect(callsOf(h.emulator, busy.sellerId)).toHaveLength(0);
    expect(callsOf(h.emulator, free.sellerId, 'content')).toHaveLength(0);
    expect(callsOf(h.emulator, free.sellerId, 'prices').length).toBeGreaterThan(0);
    expect((await status(free.accountId)).lastSyncAt).not.toBeNull();
    // Only cards already in the catalog get prices: this account has none yet.
    expect(
      await h.db
        .select()
        .from(products)
        .where(and(eq(products.mpAccountId, free.accountId), isNull(products.removedAt))),
    ).toHaveLength(0);
  });
});

describe('catalog sync cap (CATALOG_SYNC_MAX_CARDS)', () => {
  const { h, startSync, settled, rowsOf } = catalogHarness({ CATALOG_SYNC_MAX_CARDS: '150' });

  it(
    'stops at the cap and says so; the next syncs go on from there to the newest cards, then start from the oldest again',
    { timeout: 60_000 },
    async () => {
      const account = await emulatedAccount(h.t, h.emulator, { cards: 400 });
      const shape = h.emulator.context.sellers.get(account.sellerId)!.catalog;
      const oldest = (n: number, from = 0) => Array.from({ length: n }, (_, index) => nmIdOf(shape, from + index));
      const first = await settled(account.accountId, (await startSync(account.accountId)).jobId);
      expect(first.productCount).toBe(150);
      expect(first.message).toMatch(
        /Достигнут предел одной синхронизации в 150 карточек: остальные карточки загрузит следующая синхронизация$/,
      );
      // The oldest 150 cards: pages of 100 and 50, then one card to tell whether the cap cut anything.
      expect((await rowsOf(account.accountId)).map((row) => row.nmId)).toEqual(oldest(150));
      expect(callsOf(h.emulator, account.sellerId, 'content', CARDS_PATH)).toHaveLength(3);

      // The next sync goes on after the 150th card, not from the oldest again.
      const second = await settled(account.accountId, (await startSync(account.accountId)).jobId);
      expect(second.productCount).toBe(300);
      expect(second.message).toMatch(/предел/);
      expect((await rowsOf(account.accountId)).map((row) => row.nmId)).toEqual(oldest(300));

      // The newest 100 complete the cycle: every card of it counts as seen, so none is marked removed.
      const third = await settled(account.accountId, (await startSync(account.accountId)).jobId);
      expect(third.productCount).toBe(400);
      expect(third.message).not.toMatch(/предел/);
      expect(third.message).not.toMatch(/снято с продажи/);
      const complete = await rowsOf(account.accountId);
      expect(complete.map((row) => row.nmId)).toEqual(oldest(400));
      expect(complete.every((row) => row.removedAt === null)).toBe(true);

      // A new cycle starts from the oldest: the oldest 150 are seen again, the others not yet.
      expect((await settled(account.accountId, (await startSync(account.accountId)).jobId)).message).toMatch(/предел/);
      const rows = await rowsOf(account.accountId);
      const seen = new Map(rows.map((row) => [row.nmId, row.seenAt.getTime()]));
      const newestSeen = Math.max(...seen.values());
      expect(rows.filter((row) => row.seenAt.getTime() === newestSeen).map((row) => row.nmId)).toEqual(oldest(150));
      expect(rows.every((row) => row.removedAt === null)).toBe(true);
    },
  );

  it('a new key starts a new cycle from the oldest card of the catalog it opens', async () => {
    const account = await emulatedAccount(h.t, h.emulator, { cards: 400 });
    expect((await settled(account.accountId, (await startSync(account.accountId)).jobId)).productCount).toBe(150);
    const next = h.emulator.context.sellers.create({ cards: 400, seed: 7 });
    const [row] = await h.db.select({ ownerId: mpAccounts.ownerId }).from(mpAccounts).where(eq(mpAccounts.id, account.accountId));
    const owner = { authorization: `Bearer ${h.t.tokenFor('seller', row.ownerId)}` };
    const patched = await h.t.request({
      method: 'PATCH',
      url: `/mp-accounts/${account.accountId}`,
      headers: owner,
      payload: { apiKey: next.token.token },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    await settled(account.accountId);
    const shape = h.emulator.context.sellers.get(next.seller.id)!.catalog;
    const live = (await rowsOf(account.accountId)).filter((product) => product.removedAt === null).map((product) => product.nmId);
    expect(live.filter((nmId) => nmId >= nmIdOf(shape, 0) && nmId <= nmIdOf(shape, 399))).toEqual(
      Array.from({ length: 150 }, (_, n) => nmIdOf(shape, n)),
    );
  });

  it('a catalog of exactly the cap is complete, not capped', async () => {
    const account = await emulatedAccount(h.t, h.emulator, { cards: 150 });
    const done = await settled(account.accountId, (await startSync(account.accountId)).jobId);
    expect(done.productCount).toBe(150);
    expect(done.message).not.toMatch(/предел/);
  });
});
