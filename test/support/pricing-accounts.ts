import { eq } from 'drizzle-orm';

import { DATABASE, Database } from '../../src/database/database.tokens';
import { mpAccounts } from '../../src/database/schema';
import { EmulatedAccount, emulatedAccount, RunningEmulator } from './marketplace';
import { insertProducts, sellerNmIds } from './pricing-catalog';
import type { TestApp } from './test-app';

export interface PricedAccount extends EmulatedAccount {
  ownerId: string;
  /** Authorization header of the account's owner. */
  auth: Record<string, string>;
  /** nmIDs of the seller's cards, all in the account's catalog. */
  nmIds: number[];
}

/** An emulator seller with `cards` cards, an account holding its key, and every card in the account's catalog. */
export async function pricedAccount(t: TestApp, emulator: RunningEmulator, cards: number): Promise<PricedAccount> {
  const account = await emulatedAccount(t, emulator, { cards });
  const db = t.app.get<Database>(DATABASE);
  const [{ ownerId }] = await db.select({ ownerId: mpAccounts.ownerId }).from(mpAccounts).where(eq(mpAccounts.id, account.accountId));
  const nmIds = sellerNmIds(emulator.context.sellers.get(account.sellerId)!.catalog.nmIdBase, cards);
  await insertProducts(db, account.accountId, nmIds);
  return { ...account, ownerId, auth: { authorization: `Bearer ${t.tokenFor('seller', ownerId)}` }, nmIds };
}

/** Polls a bulk job's report until the job has finished. */
export async function finishedBulk(
  t: TestApp,
  auth: Record<string, string>,
  bulkJobId: string,
  timeoutMs = 30_000,
): Promise<Record<string, any>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const report = (await t.request({ method: 'GET', url: `/pricing/bulk/${bulkJobId}`, headers: auth })).json();
    if (report.status === 'completed' || report.status === 'failed') return report;
    if (Date.now() > deadline) throw new Error(`bulk job ${bulkJobId} not finished in ${timeoutMs} ms: ${JSON.stringify(report)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
