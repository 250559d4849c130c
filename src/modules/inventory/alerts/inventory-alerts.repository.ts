import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';

import type { DataScope } from '../../../common/auth/data-scope';
import { MOSCOW_TZ } from '../../../common/time/moscow-time';
import { DATABASE, Database } from '../../../database/database.tokens';
import { CoverStatus, inventoryAlerts, inventoryCover, products } from '../../../database/schema';

/** Days an entry into out of stock stays among the alerts. */
export const NEWLY_OUT_OF_STOCK_DAYS = 7;

export type AlertRow = {
  nmId: number;
  vendorCode: string;
  title: string;
  brand: string;
  status: CoverStatus;
  quantity: number;
  velocityPerDay: number | null;
  daysOfCover: number | null;
  since: string;
};

export type ClaimedAlert = { nmId: number; vendorCode: string; title: string; status: CoverStatus; daysOfCover: number | null };

/** The alerts of the stored covers, and the claim of a day's notices (inventory_alerts). */
@Injectable()
export class InventoryAlertsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Listed SKUs that entered urgent or out of stock on the Moscow day `day` (from another status, so never on the
   * first computation of a SKU), not told yet that day, claimed in one statement: a sync run again never tells one twice.
   */
  async claim(accountId: string, day: string): Promise<ClaimedAlert[]> {
    const { rows } = await this.db.execute<ClaimedAlert>(sql`
      WITH entered AS (
        INSERT INTO ${inventoryAlerts} (mp_account_id, nm_id, day, status, days_of_cover)
        SELECT c.mp_account_id, c.nm_id, ${day}::date, c.status, c.days_of_cover
        FROM ${inventoryCover} c
        WHERE c.mp_account_id = ${accountId}::uuid AND c.status IN ('urgent', 'oos') AND c.previous_status IS NOT NULL
          AND c.status_since >= (${day}::date)::timestamp AT TIME ZONE ${MOSCOW_TZ}
        ON CONFLICT DO NOTHING
        RETURNING nm_id, status, days_of_cover)
      SELECT e.nm_id AS "nmId", p.vendor_code AS "vendorCode", p.title, e.status, e.days_of_cover AS "daysOfCover"
      FROM entered e JOIN ${products} p ON p.mp_account_id = ${accountId}::uuid AND p.nm_id = e.nm_id AND p.removed_at IS NULL
      ORDER BY e.nm_id`);
    return rows.map((row) => ({ ...row, nmId: Number(row.nmId) }));
  }

  /**
   * The SKUs the scope sees that are urgent or soon, or out of stock since the last NEWLY_OUT_OF_STOCK_DAYS days after
   * having been in another status: least cover first (out of stock first), then nmId.
   */
  async page(scope: DataScope, limit: number, offset: number): Promise<{ rows: AlertRow[]; total: number }> {
    const conditions = [
      sql`c.mp_account_id = ${scope.accountId}::uuid`,
      sql`p.removed_at IS NULL`,
      sql`(c.status IN ('urgent', 'soon') OR (c.status = 'oos' AND c.previous_status IS NOT NULL
        AND c.status_since >= now() - make_interval(days => ${NEWLY_OUT_OF_STOCK_DAYS})))`,
    ];
    if (scope.brandIds !== 'all') conditions.push(sql`p.brand_id = ANY(${`{${scope.brandIds.join(',')}}`}::uuid[])`);
    const where = sql.join(conditions, sql` AND `);
    const from = sql`${inventoryCover} c JOIN ${products} p ON p.mp_account_id = c.mp_account_id AND p.nm_id = c.nm_id`;
    const { rows } = await this.db.execute<AlertRow>(sql`
      SELECT c.nm_id AS "nmId", p.vendor_code AS "vendorCode", p.title, p.brand, c.status, c.quantity,
        c.velocity_per_day AS "velocityPerDay", c.days_of_cover AS "daysOfCover", c.status_since AS since
      FROM ${from} WHERE ${where}
      ORDER BY c.quantity > 0, c.days_of_cover NULLS LAST, c.nm_id
      LIMIT ${limit} OFFSET ${offset}`);
    const [{ total }] = (await this.db.execute<{ total: number }>(sql`SELECT count(*)::int AS total FROM ${from} WHERE ${where}`)).rows;
    return { rows: rows.map((row) => ({ ...row, nmId: Number(row.nmId) })), total };
  }
}
