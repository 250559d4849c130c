import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';

import { cardAt } from '../../emulator/src/generator/catalog';
import { sellerWarehousesOf } from '../../emulator/src/generator/stock';
import { moscowToday } from '../../src/common/time/moscow-time';
import { DATABASE, Database } from '../../src/database/database.tokens';
import { accountingReports, bookingWarehouses, inventoryStocks, products } from '../../src/database/schema';
import { NotificationsService } from '../../src/modules/notifications/notifications.service';
import { insertAbTest, insertCampaign, uploadedImage } from './ab-tests';
import { storeCampaignRow } from './ad-campaigns';
import { insertBookingSupply } from './booking-supplies';
import { insertContentDraft } from './content-setup';
import { createBrand, createUser, TestUser } from './identity';
import { insertInboxItem } from './inbox-items';
import { uploadDocument } from './kb-documents';
import { RunningEmulator, startEmulator } from './marketplace';
import type { KnownValues } from './openapi-contract';
import { insertProducts, sellerNmIds } from './pricing-catalog';
import { startTestApp, TestApp } from './test-app';
import { testImage } from './test-images';

/** Who sends a generated request, and what the generators fill in for it. */
export interface ContractActor {
  userId: string;
  auth: Record<string, string>;
  /** Values by field or parameter name (mpAccountId, brandId, nmID ...). */
  known: KnownValues;
  /** An id of one resource of each kind, by the collection path its item routes extend ("/repricer/rules"). */
  resources: Record<string, string>;
  /**
   * Values for one operation only, by its name ("POST /autoreply/send"), over `known` and `resources`: where operations
   * on one resource would change it for each other (a draft sent cannot be prepared again).
   */
  knownFor: Record<string, KnownValues>;
}

export interface ContractWorld {
  t: TestApp;
  db: Database;
  emulator: RunningEmulator;
  admin: ContractActor;
  sellers: ContractActor[];
  close(): Promise<void>;
}

const CARDS = 3;

async function created(
  t: TestApp,
  auth: Record<string, string>,
  url: string,
  payload: Record<string, unknown>,
  idField = 'id',
): Promise<string> {
  const response = await t.request({ method: 'POST', url, headers: auth, payload });
  expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
  return response.json()[idField];
}

/**
 * A seller with an account of an emulator seller (its cards in the catalog) and one resource of each kind, made through
 * the API where it has a route: brand (and a manager's grant to it), repricer rule and run, price change, bulk job,
 * inbox and stock sync jobs, a stock row and a replenishment plan, reply template and scenario, complaint rule and complaint, notification,
 * ad budget limit and bid strategy, FBW supply and its sync job, A/B test images and tests.
 */
async function sellerWithResources(t: TestApp, emulator: RunningEmulator, admin: ContractActor): Promise<ContractActor> {
  const { seller, token } = emulator.context.sellers.create({ cards: CARDS });
  const user: TestUser = await createUser(t);
  const manager = await createUser(t, 'manager');
  const mpAccountId = await created(t, user.auth, '/mp-accounts', { name: 'Кабинет', apiKey: token.token });
  const nmIds = sellerNmIds(seller.catalog.nmIdBase, CARDS);
  await insertProducts(t.app.get<Database>(DATABASE), mpAccountId, nmIds);
  const brandId = await createBrand(t, mpAccountId, 'Бренд');
  const [nmId] = nmIds;
  const feedbackId = await insertInboxItem(t.app.get<Database>(DATABASE), mpAccountId, { nmId });
  const templateId = await created(t, user.auth, '/autoreply/templates', { mpAccountId, name: 'Шаблон', type: 'both', text: 'Спасибо!' });
  // A stock row of the first card, for the stock routes.
  await t.app.get<Database>(DATABASE).insert(inventoryStocks).values({
    mpAccountId,
    nmId,
    techSize: '0',
    warehouseKind: 'mp',
    warehouseId: 1_000_000_001,
    warehouseName: 'Коледино',
    quantity: 5,
    syncedAt: new Date(),
  });
  // The first card's sizes as the emulator has them, for the FBS stock write (a barcode mapped to its size id).
  const [size] = cardAt(seller.catalog, 0).sizes;
  await t.app
    .get<Database>(DATABASE)
    .update(products)
    .set({ sizes: [{ chrtID: size.chrtID, techSize: size.techSize, skus: size.skus }] })
    .where(and(eq(products.mpAccountId, mpAccountId), eq(products.nmId, nmId)));
  // A synced campaign of the seller, for the campaign routes.
  const [campaign] = seller.campaigns.all();
  await storeCampaignRow(t.app.get<Database>(DATABASE), mpAccountId, campaign);
  // A synced FBW supply, for the supply routes.
  const supplyId = await insertBookingSupply(t.app.get<Database>(DATABASE), mpAccountId, nmId);
  // Two images of the account for A/B tests, and tests in the states each action needs: on cards and campaigns of their
  // own, as an active test holds both.
  const [first, second] = [await uploadedImage(t, user, mpAccountId), await uploadedImage(t, user, mpAccountId, 'png')];
  const variants = [first.id, second.id];
  const abAdverts = [campaign.id + 1, campaign.id + 2];
  for (const advertId of abAdverts) await insertCampaign(t.app.get<Database>(DATABASE), mpAccountId, advertId);
  const abTest = (nmIdOf: number, advertId: number, state: 'draft' | 'scheduled' | 'paused' | 'completed', extra = {}) =>
    insertAbTest(t.app.get<Database>(DATABASE), { mpAccountId, nmId: nmIdOf, advertId, variants, state, ...extra });
  const abTests = {
    toStart: await abTest(nmIds[0], campaign.id, 'draft'),
    toPause: await abTest(nmIds[1], abAdverts[0], 'scheduled'),
    toStop: await abTest(nmIds[2], abAdverts[1], 'paused', { stateReason: 'manual' }),
    toApply: await abTest(nmIds[0], campaign.id, 'completed', { verdict: 'winner', winnerIndex: 0, endedAt: new Date() }),
    toRestore: await abTest(nmIds[0], campaign.id, 'completed', { verdict: 'inconclusive', endedAt: new Date() }),
  };
  const known: KnownValues = {
    mpAccountId,
    variants,
    switchEvery: { impressions: 2000 },
    file: await testImage(700, 900),
    brandId,
    nmID: nmId,
    nmId,
    feedbackId,
    templateId,
    advertId: campaign.id,
    supplyId,
    warehouseId: sellerWarehousesOf(seller.catalog)[0].id,
    sku: size.skus[0],
    userId: manager.id,
    role: 'manager',
    password: user.password,
    refreshToken: user.refreshToken,
    conditionOperator: 'always',
    // A strategy the generators create needs no CPC target.
    goal: 'position',
    actionType: 'absolute',
    actionValue: 10,
    scope: 'sku',
    // Rules the generators create match no product, so that a run they start uploads nothing.
    scopeValue: String(nmId + CARDS),
  };
  const rule = {
    mpAccountId,
    name: 'Правило',
    conditionMetric: 'stock_days',
    conditionOperator: 'always',
    actionType: 'absolute',
    actionValue: 10,
    scope: 'sku',
    scopeValue: String(nmId),
    isActive: false,
  };
  const resources: Record<string, string> = {
    '/mp-accounts': mpAccountId,
    '/brand-access': await created(t, admin.auth, '/brand-access', { userId: manager.id, brandId }),
    '/repricer/rules': await created(t, user.auth, '/repricer/rules', rule),
    '/repricer/runs': await created(t, user.auth, '/repricer/run', { mpAccountId }, 'runId'),
    '/pricing/bulk': await created(t, user.auth, '/pricing/bulk', { mpAccountId, items: [{ nmID: nmIds[1], price: 1200 }] }, 'bulkJobId'),
    '/autoreply/sync/status': await created(t, user.auth, '/autoreply/sync', { mpAccountId }, 'jobId'),
    '/autobidder/sync/status': await created(t, user.auth, '/autobidder/sync', { mpAccountId }, 'jobId'),
    '/booking/sync/status': await created(t, user.auth, '/booking/sync', { mpAccountId }, 'jobId'),
    '/booking': supplyId,
    '/inventory/sync/status': await created(t, user.auth, '/inventory/sync', { mpAccountId }, 'jobId'),
    '/inventory/plans': await created(t, user.auth, '/inventory/plans', { mpAccountId }),
    '/accounting/transactions': await created(t, user.auth, '/accounting/transactions', {
      mpAccountId,
      date: '2026-11-02',
      amount: -100.5,
      type: 'packaging',
    }),
    '/accounting/reports/sync/status': await created(t, user.auth, '/accounting/reports/sync', { mpAccountId }, 'jobId'),
    '/accounting/reports': await insertAccountingReport(t.app.get<Database>(DATABASE), mpAccountId),
    '/digitization/import/status': await created(t, user.auth, '/digitization/import', { mpAccountId, dateFrom: '2026-01-01' }, 'jobId'),
    '/autoreply/templates': templateId,
    // Fits the seller's feedback, so that the match route answers it.
    '/autoreply/scenarios': await created(t, user.auth, '/autoreply/scenarios', { mpAccountId, kind: 'both', templateId }),
    '/autoreply/complaint-rules': await created(t, user.auth, '/autoreply/complaint-rules', { mpAccountId, ratingMax: 5 }),
    // Of a feedback of its own: submitting it would leave the known feedback closed to every later prepare.
    '/autoreply/complaints': await created(t, user.auth, '/autoreply/complaints/prepare', {
      mpAccountId,
      feedbackId: await insertInboxItem(t.app.get<Database>(DATABASE), mpAccountId, { nmId }),
    }),
    '/notifications': (await t.app.get(NotificationsService).notify(user.id, { type: 'test.created', title: 'Уведомление', body: 'Текст' }))
      .id,
    '/auth/users': manager.id,
    '/autobidder/budgets': await created(t, user.auth, '/autobidder/budgets', {
      mpAccountId,
      advertId: 1,
      dailyLimitRub: 100,
      onLimitAction: 'pause',
    }),
    '/ab-tests': await created(t, user.auth, '/ab-tests', {
      mpAccountId,
      nmId,
      advertId: campaign.id,
      variants,
      switchEvery: { impressions: 2000 },
      onFinish: 'restore',
    }),
    '/ab-test-images': first.publicUrl.split('/').pop()!,
    '/autobidder/strategies': await created(t, user.auth, '/autobidder/strategies', {
      mpAccountId,
      name: 'Стратегия',
      goal: 'position',
      minBid: 1,
      maxBid: 100,
    }),
  };
  await created(t, user.auth, '/pricing/price', { mpAccountId, nmID: nmIds[2], price: 1500 }, 'taskId');
  // A warehouse of the account's own, its id differing per seller (A's warehouse is none of B's), and a slot-watch task
  // over days to come (a generated date is a past one).
  const warehouseId = 100_000 + Math.floor(Math.random() * 800_000);
  await t.app.get<Database>(DATABASE).insert(bookingWarehouses).values({ mpAccountId, warehouseId, name: 'Склад' });
  resources['/booking/warehouses'] = String(warehouseId);
  const today = Date.parse(`${moscowToday(new Date())}T00:00:00Z`);
  const taskDays = {
    dateFrom: new Date(today + 86_400_000).toISOString().slice(0, 10),
    dateTo: new Date(today + 5 * 86_400_000).toISOString().slice(0, 10),
  };
  resources['/booking/tasks'] = await created(t, user.auth, '/booking/tasks', {
    mpAccountId,
    warehouseIds: [warehouseId],
    boxTypeId: 2,
    maxCoefficient: 1,
    ...taskDays,
  });
  // A pulse list with one SKU of the account, and that item.
  const rnpItems = [{ nmId, status: 'monitoring' }];
  resources['/rnp/product-lists'] = await created(t, user.auth, '/rnp/product-lists', { mpAccountId, name: 'РнП' });
  const rnpItemsPath = `/rnp/product-lists/${resources['/rnp/product-lists']}/items`;
  await t.request({ method: 'POST', url: rnpItemsPath, headers: user.auth, payload: { items: rnpItems } });
  resources['/rnp/product-lists/{id}/items'] = (
    await t.request({ method: 'GET', url: rnpItemsPath, headers: user.auth })
  ).json().items[0].id;
  // A content draft of the first card (the api role runs no generation that would make one), and a generation job.
  resources['/content/drafts'] = await insertContentDraft(t.app.get<Database>(DATABASE), mpAccountId, nmId);
  resources['/content/jobs'] = await created(t, user.auth, '/content/generate', { mpAccountId, nmIds: [nmId], fields: ['title'] }, 'jobId');
  // A published knowledge base article of the brand, for the article routes.
  resources['/knowledge-base/articles'] = await created(t, user.auth, '/knowledge-base/articles', {
    mpAccountId,
    brandId,
    nmIds: [nmId],
    type: 'faq',
    title: 'Доставка',
    body: 'Доставка по Москве занимает два дня.',
    status: 'published',
  });
  // A document of the account (processing: the api role runs no worker), for the document routes.
  const uploadedDocument = await uploadDocument(t, user.auth, mpAccountId, Buffer.from(`Самовывоз кабинета ${mpAccountId}.`), 'pickup.txt');
  expect(uploadedDocument.statusCode, uploadedDocument.body).toBe(202);
  resources['/knowledge-base/documents'] = uploadedDocument.json().id;
  // A pulse refresh job of the account.
  resources['/rnp/analytics/refresh/status'] = await created(t, user.auth, '/rnp/analytics/refresh', { mpAccountId }, 'jobId');
  // A draft of a feedback of its own to send (sent, the known feedback could not be prepared again), one of the
  // seller's on the marketplace (send reads it there first), and a complaint of its own to dismiss (the resource
  // complaint is submitted).
  const unansweredOnMarketplace = seller.feedbacks.items().find((item) => !seller.feedbacks.isAnswered(item))!;
  const feedbackToSend = await insertInboxItem(t.app.get<Database>(DATABASE), mpAccountId, { nmId, mpId: unansweredOnMarketplace.id });
  await created(t, user.auth, '/autoreply/generate', { mpAccountId, feedbackId: feedbackToSend });
  // A reply held before its automatic publication, to cancel: a question's, which only an auto scenario of questions answers.
  await created(t, user.auth, '/autoreply/scenarios', { mpAccountId, kind: 'questions', priority: 1, replyMode: 'auto', templateId });
  resources['/autoreply/drafts'] = await created(t, user.auth, '/autoreply/generate', {
    mpAccountId,
    feedbackId: await insertInboxItem(t.app.get<Database>(DATABASE), mpAccountId, { nmId, kind: 'question' }),
  });
  const complaintToDismiss = await created(t, user.auth, '/autoreply/complaints/prepare', {
    mpAccountId,
    feedbackId: await insertInboxItem(t.app.get<Database>(DATABASE), mpAccountId, { nmId }),
  });
  const knownFor: Record<string, KnownValues> = {
    'POST /autoreply/send': { feedbackId: feedbackToSend },
    // A limit needs one of its two optional amounts, and a campaign without one.
    'POST /autobidder/budgets': { advertId: 2, dailyLimitRub: 500 },
    // The strategy of the same account: a generated id would be a foreign or unknown one.
    'PATCH /autobidder/campaigns/{advertId}': { strategyId: resources['/autobidder/strategies'] },
    'POST /autoreply/complaints/{id}/dismiss': { id: complaintToDismiss },
    // The plan of the same account, as with the strategy above.
    'POST /booking/tasks': { ...taskDays, planId: resources['/inventory/plans'] },
    'PATCH /booking/tasks/{id}': { ...taskDays, planId: resources['/inventory/plans'] },
    // A card of the same account.
    'POST /rnp/product-lists/{id}/items': { items: rnpItems },
    'POST /content/generate': { nmIds: [nmId] },
    // A text of its own: the test image is no document, and the resource document's bytes would be a duplicate.
    'POST /knowledge-base/documents': { file: Buffer.from(`Доставка кабинета ${mpAccountId}.`) },
    // Drafts of their own: an approved draft is no longer edited, and an edit would not matter to the approval.
    'PATCH /content/drafts/{id}': { id: await insertContentDraft(t.app.get<Database>(DATABASE), mpAccountId, nmIds[1]) },
    'POST /content/drafts/{id}/approve': { id: await insertContentDraft(t.app.get<Database>(DATABASE), mpAccountId, nmIds[2]) },
    // A P&L row that exists: the first card's revenue (a day key would have to be a generated day's).
    'GET /accounting/reports/pnl/trace': { groupBy: 'nm', key: String(nmId), field: 'revenue' },
    // Each action on a test in the state it needs (another would answer 409).
    'POST /ab-tests/{id}/start': { id: abTests.toStart },
    'POST /ab-tests/{id}/pause': { id: abTests.toPause },
    'POST /ab-tests/{id}/stop': { id: abTests.toStop },
    'POST /ab-tests/{id}/apply-winner': { id: abTests.toApply },
    'POST /ab-tests/{id}/restore': { id: abTests.toRestore },
  };
  return { userId: user.id, auth: user.auth, known, resources, knownFor };
}

/** A listed realisation report of the account, its id beyond 2^53 and its own (another seller's is not it). */
async function insertAccountingReport(db: Database, mpAccountId: string): Promise<string> {
  const reportId = String(2n ** 53n + BigInt(Math.floor(Math.random() * 1_000_000_000)));
  const money = { retail: '0', forPay: '0', logistics: '0', storage: '0', acceptance: '0', deduction: '0', penalty: '0' };
  await db.insert(accountingReports).values({
    mpAccountId,
    reportId: BigInt(reportId),
    kind: 'weekly',
    dateFrom: '2026-11-02',
    dateTo: '2026-11-08',
    createDate: '2026-11-09',
    ...money,
    additionalPayment: '0',
    bankPayment: '0',
    listItem: {},
  });
  return reportId;
}

/**
 * The service (api role: no worker changes rows behind a test's back) against an emulator without limits, an admin, and
 * `sellers` sellers with their resources.
 */
export async function contractWorld(sellers: number): Promise<ContractWorld> {
  const emulator = await startEmulator({ port: 0, limits: false });
  // Requests that happen to be valid call the marketplace; past the burst they answer 429 at once instead of waiting.
  const t = await startTestApp({ env: { MP_API_BASE_URL: emulator.url, MP_API_RATE_LIMIT_MAX_WAIT_MS: '1000' } });
  const adminUser = await createUser(t, 'admin');
  const admin: ContractActor = { userId: adminUser.id, auth: adminUser.auth, known: {}, resources: {}, knownFor: {} };
  const all = await Promise.all(Array.from({ length: sellers }, () => sellerWithResources(t, emulator, admin)));
  return {
    t,
    db: t.app.get<Database>(DATABASE),
    emulator,
    admin,
    sellers: all,
    close: async () => {
      await t.close();
      await emulator.close();
    },
  };
}
