import { Inject, Injectable } from '@nestjs/common';
import { and, eq, isNull, sql } from 'drizzle-orm';

import { DATABASE, Database } from '../../../database/database.tokens';
import { bookingTariffs } from '../../../database/schema/booking';
import { BOX_TARIFF_FIELDS, BoxTariffs, PALLET_TARIFF_FIELDS, PalletTariffs } from './warehouse-tariffs';

export type BookingTariffRow = typeof bookingTariffs.$inferSelect;

/** One answer of a kind: the currency and each warehouse's rates. */
export interface TariffsAnswer<T> {
  currency: string | null;
  warehouses: ({ warehouseName: string } & T)[];
}

/** Every query of the tariffs kept per warehouse name. */
@Injectable()
export class BookingTariffsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  saveBox(mpAccountId: string, answer: TariffsAnswer<BoxTariffs>, at: Date): Promise<void> {
    return this.replaceKind(mpAccountId, BOX_TARIFF_FIELDS, answer, at);
  }

  savePallet(mpAccountId: string, answer: TariffsAnswer<PalletTariffs>, at: Date): Promise<void> {
    return this.replaceKind(mpAccountId, PALLET_TARIFF_FIELDS, answer, at);
  }

  forAccount(mpAccountId: string): Promise<BookingTariffRow[]> {
    return this.db.select().from(bookingTariffs).where(eq(bookingTariffs.mpAccountId, mpAccountId));
  }

  /**
   * An answer of one kind replaces that kind's rates of every warehouse (one it no longer lists has none) and keeps the
   * other kind's; a warehouse left with no rate at all goes.
   */
  private async replaceKind<T extends object>(
    mpAccountId: string,
    fields: readonly (keyof T & keyof BookingTariffRow)[],
    answer: TariffsAnswer<T>,
    at: Date,
  ): Promise<void> {
    const cleared = Object.fromEntries(fields.map((field) => [field, null]));
    const excluded = Object.fromEntries(
      [...fields, 'currency' as const, 'updatedAt' as const].map((field) => [field, sql.raw(`excluded.${bookingTariffs[field].name}`)]),
    );
    await this.db.transaction(async (tx) => {
      await tx.update(bookingTariffs).set(cleared).where(eq(bookingTariffs.mpAccountId, mpAccountId));
      if (answer.warehouses.length > 0)
        await tx
          .insert(bookingTariffs)
          .values(answer.warehouses.map((warehouse) => ({ ...warehouse, mpAccountId, currency: answer.currency, updatedAt: at })))
          .onConflictDoUpdate({ target: [bookingTariffs.mpAccountId, bookingTariffs.warehouseName], set: excluded });
      await tx
        .delete(bookingTariffs)
        .where(
          and(
            eq(bookingTariffs.mpAccountId, mpAccountId),
            ...[...BOX_TARIFF_FIELDS, ...PALLET_TARIFF_FIELDS].map((field) => isNull(bookingTariffs[field])),
          ),
        );
    });
  }
}
