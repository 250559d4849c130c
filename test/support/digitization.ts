import { eq } from 'drizzle-orm';
import { expect } from 'vitest';

import type { SellerInput } from '../../emulator/src/sellers';
import { KeyRing } from '../../src/common/crypto/key-ring';
import { DATABASE, Database } from '../../src/database/database.tokens';
import { mpAccounts } from '../../src/database/schema';
import { QueueService } from '../../src/queue/queue.service';
import { createAccount, createUser, TestUser } from './identity';
import type { RunningEmulator } from './marketplace';
import type { TestApp } from './test-app';
import { until } from './until';

/**
 * A seller small enough for quick imports: 20 days of 10 orders a day, so that about nine returns (5 % of the sales,
 * each up to 5 days after its sale) have happened by now; over 10 days a run could see none.
 */
export const SMALL_SELLER: SellerInput = { cards: 10, ordersPerDay: 10, orderDays: 20 };

/** The service's env for imports against an emulator without limits: rate windows at 1 %, so 1 per minute is 1 per 0.6 s. */
export const IMPORT_ENV = { MP_API_RATE_WINDOW_PERCENT: '1' };

/** An owner with an account holding a new emulator seller's token. */
export interface ImportAccount {
  owner: TestUser;
  accountId: string;
  sellerId: string;
  /** The emulator seller's key, for reading its feeds as the marketplace gives them. */
  marketplaceKey: string;
}

export async function importAccount(t: TestApp, emulator: RunningEmulator, seller: SellerInput = SMALL_SELLER): Promise<ImportAccount> {
  const { seller: created, token } = emulator.context.sellers.create(seller);
  const owner = await createUser(t);
  const accountId = await createAccount(t, owner.id, 'Кабинет эмулятора', token.token);
  return { owner, accountId, sellerId: created.id, marketplaceKey: token.token };
}

/** The account's key set anew, as the accounts module seals a changed key. */
export async function replaceKey(t: TestApp, accountId: string, apiKey: string): Promise<void> {
  const sealed = t.app.get(KeyRing).seal(apiKey, accountId);
  await t.app
    .get<Database>(DATABASE)
    .update(mpAccounts)
    .set({ keyId: sealed.keyId, keyNonce: sealed.nonce, keyCiphertext: sealed.ciphertext, keyTag: sealed.tag, keyLast4: apiKey.slice(-4) })
    .where(eq(mpAccounts.id, accountId));
}

/** POST an import; answers the job id after checking the 202. */
export async function startImport(
  t: TestApp,
  auth: Record<string, string>,
  url: string,
  payload: Record<string, unknown>,
): Promise<string> {
  const response = await t.request({ method: 'POST', url, headers: auth, payload });
  expect(response.statusCode, response.body).toBe(202);
  return response.json().jobId;
}

export async function importStatus(t: TestApp, auth: Record<string, string>, jobId: string) {
  const response = await t.request({ method: 'GET', url: `/digitization/import/status/${jobId}`, headers: auth });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The import's status once it ended; a job waiting for its retry is made due at once, as its pause would have ended. */
export async function endedImport(t: TestApp, auth: Record<string, string>, jobId: string, timeoutMs = 30_000) {
  const queue = t.app.get(QueueService).queue('digitization');
  return until(
    async () => {
      const job = await queue.getJob(jobId);
      if (job && (await job.isDelayed()) && job.attemptsMade > 0) await job.promote().catch(() => undefined);
      return importStatus(t, auth, jobId);
    },
    (status) => status.state === 'completed' || status.state === 'failed',
    timeoutMs,
  );
}

/** The columns an order and a sale share, for a row written straight into mp_orders or mp_sales. */
export function feedRow(accountId: string, srid: string, at: Date, nmId: number, priceWithDisc: string) {
  return {
    mpAccountId: accountId,
    date: at,
    lastChangeDate: at,
    warehouseName: 'Коледино',
    warehouseType: 'Склад WB',
    countryName: 'Россия',
    oblastOkrugName: 'Центральный федеральный округ',
    regionName: 'Москва',
    supplierArticle: `art-${nmId}`,
    nmId,
    barcode: `20000${nmId}`,
    category: 'Одежда',
    subject: 'Футболки',
    brand: 'Бренд',
    techSize: 'M',
    incomeId: 1,
    isSupply: false,
    isRealization: true,
    totalPrice: priceWithDisc,
    discountPercent: 0,
    spp: '0',
    finishedPrice: priceWithDisc,
    priceWithDisc,
    sticker: '',
    gNumber: `g-${srid}`,
    srid,
  };
}
