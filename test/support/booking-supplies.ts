import { randomInt } from 'node:crypto';

import { expect } from 'vitest';

import type { Database } from '../../src/database/database.tokens';
import { bookingSupplies, bookingSupplyGoods } from '../../src/database/schema';
import type { TestApp } from './test-app';
import { until } from './until';

/** Starts a supplies sync through the API and waits until its job ended; answers the job status. */
export async function syncedSupplies(t: TestApp, auth: Record<string, string>, mpAccountId: string): Promise<Record<string, any>> {
  const started = await t.request({ method: 'POST', url: '/booking/sync', headers: auth, payload: { mpAccountId } });
  expect(started.statusCode, started.body).toBe(202);
  const { jobId } = started.json();
  return until(
    async () => (await t.request({ method: 'GET', url: `/booking/sync/status/${jobId}`, headers: auth })).json(),
    (status) => status.state === 'completed' || status.state === 'failed',
    60_000,
  );
}

/**
 * An accepted FBW supply with one good written directly, as a sync would leave it: its supply id above 2^53 (ids are
 * int64), unique across calls. Answers the supply id.
 */
export async function insertBookingSupply(db: Database, mpAccountId: string, nmId: number): Promise<string> {
  const supplyId = 9_000_000_000_000_000_000n + BigInt(randomInt(2 ** 47));
  const [row] = await db
    .insert(bookingSupplies)
    .values({
      mpAccountId,
      supplyId,
      preorderId: supplyId - 1n,
      status: 5,
      warehouseId: 507,
      warehouseName: 'Коледино',
      createDate: new Date(Date.now() - 86_400_000),
      supplyDate: new Date(),
      factDate: new Date(),
      detailsDue: false,
      quantity: 10,
      acceptedQuantity: 9,
      readyForSaleQuantity: 9,
      acceptanceCost: '17.50',
    })
    .returning({ id: bookingSupplies.id });
  await db.insert(bookingSupplyGoods).values({
    supplyRowId: row.id,
    barcode: `20${nmId}0`,
    nmId,
    vendorCode: 'ART-1',
    techSize: '0',
    quantity: 10,
    acceptedQuantity: 9,
    readyForSaleQuantity: 9,
  });
  return supplyId.toString();
}
