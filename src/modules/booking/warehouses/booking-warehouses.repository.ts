import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, inArray, or } from 'drizzle-orm';

import type { Page } from '../../../common/http/pagination.dto';
import { DATABASE, Database } from '../../../database/database.tokens';
import { containsText } from '../../../database/like';
import { PageRequest, queryPage } from '../../../database/query-page';
import { bookingCoefficients, bookingWarehouses } from '../../../database/schema/booking';

export type BookingWarehouseRow = typeof bookingWarehouses.$inferSelect;
export type BookingCoefficientRow = typeof bookingCoefficients.$inferSelect;

/** Every query of the warehouses' routes. */
@Injectable()
export class BookingWarehousesRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Favourites first, then by name; `q`: a part of the name, or the whole id. */
  findPage(mpAccountId: string, page: PageRequest & { q?: string }): Promise<Page<BookingWarehouseRow>> {
    const named = page.q ? containsText(bookingWarehouses.name, page.q) : undefined;
    const search = page.q && /^\d{1,9}$/.test(page.q) ? or(named, eq(bookingWarehouses.warehouseId, Number(page.q))) : named;
    const where = and(eq(bookingWarehouses.mpAccountId, mpAccountId), search);
    return queryPage(
      page,
      (limit, offset) =>
        this.db
          .select()
          .from(bookingWarehouses)
          .where(where)
          .orderBy(desc(bookingWarehouses.favourite), asc(bookingWarehouses.name), asc(bookingWarehouses.warehouseId))
          .limit(limit)
          .offset(offset),
      () => this.db.select({ total: count() }).from(bookingWarehouses).where(where),
    );
  }

  coefficients(mpAccountId: string, warehouseIds: number[]): Promise<BookingCoefficientRow[]> {
    if (warehouseIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(bookingCoefficients)
      .where(and(eq(bookingCoefficients.mpAccountId, mpAccountId), inArray(bookingCoefficients.warehouseId, warehouseIds)))
      .orderBy(bookingCoefficients.warehouseId, bookingCoefficients.date, bookingCoefficients.boxTypeId);
  }

  async setFavourite(mpAccountId: string, warehouseId: number, favourite: boolean): Promise<BookingWarehouseRow | undefined> {
    const [row] = await this.db
      .update(bookingWarehouses)
      .set({ favourite })
      .where(and(eq(bookingWarehouses.mpAccountId, mpAccountId), eq(bookingWarehouses.warehouseId, warehouseId)))
      .returning();
    return row;
  }
}
