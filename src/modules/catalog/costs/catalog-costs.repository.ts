import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';

import { MOSCOW_TZ } from '../../../common/time/moscow-time';
import { DATABASE, Database } from '../../../database/database.tokens';
import { productCosts, products } from '../../../database/schema';

/** A cost price to store: roubles with at most 2 decimals, as the request's JSON number gave them. */
export interface CostInput {
  nmId: number;
  costPrice: number;
  validFrom: string;
}

/** A stored cost price; costPrice and previous are numeric(12,2) text, parsed by the caller, never computed. */
export type CostRow = {
  nmId: number;
  costPrice: string;
  validFrom: string;
  updatedBy: string | null;
  updatedAt: Date;
  /** The price this save replaced on the same day (null: the day had none). */
  previous: string | null;
};

/** A stored cost price's fields from the rows of `c`. */
const COLUMNS = sql`c.nm_id AS "nmId", c.cost_price AS "costPrice", to_char(c.valid_from, 'YYYY-MM-DD') AS "validFrom",
  c.updated_by AS "updatedBy", c.updated_at AS "updatedAt"`;

/** Cost prices of the account's cards by day (product_costs); the catalog's products are read, never written. */
@Injectable()
export class CatalogCostsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Stores the items in one statement (a day's price replaced), answering each with the price it replaced. */
  async save(accountId: string, items: readonly CostInput[], userId: string): Promise<CostRow[]> {
    const { rows } = await this.db.execute<Omit<CostRow, 'nmId'> & { nmId: string }>(sql`
      WITH input AS (
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(items)}::jsonb) AS r("nmId" bigint, "costPrice" numeric, "validFrom" date)
      ), before AS (
        SELECT c.nm_id, c.valid_from, c.cost_price FROM ${productCosts} c
        JOIN input i ON c.mp_account_id = ${accountId}::uuid AND c.nm_id = i."nmId" AND c.valid_from = i."validFrom"
      ), saved AS (
        INSERT INTO ${productCosts} (mp_account_id, nm_id, cost_price, valid_from, updated_by)
        SELECT ${accountId}::uuid, "nmId", "costPrice", "validFrom", ${userId}::uuid FROM input
        ON CONFLICT (mp_account_id, nm_id, valid_from) DO UPDATE SET
          cost_price = EXCLUDED.cost_price, updated_by = EXCLUDED.updated_by, updated_at = now()
        RETURNING nm_id, cost_price, valid_from, updated_by, updated_at
      )
      SELECT ${COLUMNS}, b.cost_price AS previous
      FROM saved c LEFT JOIN before b ON b.nm_id = c.nm_id AND b.valid_from = c.valid_from
      ORDER BY c.nm_id, c.valid_from`);
    return rows.map((row) => ({ ...row, nmId: Number(row.nmId) }));
  }

  /** Every cost price of a card, newest day first. */
  async history(accountId: string, nmId: number): Promise<Omit<CostRow, 'previous'>[]> {
    const { rows } = await this.db.execute<Omit<CostRow, 'previous' | 'nmId'> & { nmId: string }>(sql`
      SELECT ${COLUMNS} FROM ${productCosts} c
      WHERE mp_account_id = ${accountId}::uuid AND nm_id = ${nmId} ORDER BY valid_from DESC`);
    return rows.map((row) => ({ ...row, nmId: Number(row.nmId) }));
  }
}

/** The cost price of `p` (products) valid on today's Moscow day, as numeric text or null: for the catalog's queries. */
export const COST_TODAY = sql`(SELECT pc.cost_price FROM ${productCosts} pc
  WHERE pc.mp_account_id = ${products.mpAccountId} AND pc.nm_id = ${products.nmId}
    AND pc.valid_from <= (now() AT TIME ZONE ${sql.raw(`'${MOSCOW_TZ}'`)})::date
  ORDER BY pc.valid_from DESC LIMIT 1)`;
