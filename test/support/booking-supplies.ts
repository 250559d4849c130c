import { randomInt } from 'node:crypto';

import type { Database } from '../../src/database/database.tokens';
import { bookingSupplies, bookingSupplyGoods } from '../../src/database/schema';

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
