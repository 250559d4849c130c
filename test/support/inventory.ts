import { expect } from 'vitest';

import { cardAt } from '../../emulator/src/generator/catalog';
import type { Seller } from '../../emulator/src/sellers';
import type { Database } from '../../src/database/database.tokens';
import { inventoryStocks, products } from '../../src/database/schema';
import { catalogRow } from './catalog-rows';
import { createBrand } from './identity';
import type { JobStatusBody } from './inbox-items';
import type { TestApp } from './test-app';
import { until } from './until';

/**
 * An emulator seller's cards in an account's catalog, as a cards sync would leave them (sizes with chrtIDs and
 * barcodes, a brand row per brand name); answers the brand ids by name.
 */
export async function insertSellerCatalog(t: TestApp, db: Database, mpAccountId: string, seller: Seller): Promise<Map<string, string>> {
  const cards = Array.from({ length: seller.catalog.cards }, (_, index) => cardAt(seller.catalog, index));
  const brandIds = new Map<string, string>();
  for (const brand of new Set(cards.map((card) => card.brand))) brandIds.set(brand, await createBrand(t, mpAccountId, brand));
  await db.insert(products).values(cards.map((card) => catalogRow(mpAccountId, card, brandIds.get(card.brand)!)));
  return brandIds;
}

/** Starts a stock sync through the API and waits until its job has ended; answers its final status. */
export async function inventorySynced(
  t: TestApp,
  auth: Record<string, string>,
  mpAccountId: string,
  timeoutMs = 120_000,
): Promise<JobStatusBody> {
  const started = await t.request({ method: 'POST', url: '/inventory/sync', headers: auth, payload: { mpAccountId } });
  expect(started.statusCode, started.body).toBe(202);
  const { jobId } = started.json();
  return until(
    async () => {
      const response = await t.request({ method: 'GET', url: `/inventory/sync/status/${jobId}`, headers: auth });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<JobStatusBody>();
    },
    (status) => status.state === 'completed' || status.state === 'failed',
    timeoutMs,
  );
}

/** A current stock row of a size '0' at Коледино (the service's id of its name), as a sync leaves it. */
export function koledinoStock(mpAccountId: string, nmId: number, quantity: number): typeof inventoryStocks.$inferInsert {
  return {
    mpAccountId,
    nmId,
    techSize: '0',
    warehouseKind: 'mp',
    warehouseId: 1_000_000_001,
    warehouseName: 'Коледино',
    quantity,
    syncedAt: new Date(),
  };
}
