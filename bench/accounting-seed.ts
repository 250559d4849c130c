import { sql } from 'drizzle-orm';

import { shiftDay } from '../src/common/time/calendar-days';
import type { BenchDatabase } from './service-stack';

/** What the seed wrote: the ledger's rows, the cost prices, the days, and how long the inserts took. */
export interface LedgerSeed {
  dateFrom: string;
  dateTo: string;
  ledgerRows: number;
  costRows: number;
  ms: number;
}

/**
 * The ledger of `nmIds` over `days` Moscow days to `dateTo`, generated in PostgreSQL (generate_series, no round trips),
 * the shape the realisation reports and the ad spend sync leave: on a SKU's day (every other one) a sale of 1–3 units
 * and its commission; logistics on one SKU day in ten, a return of a unit on one in 25, an ad charge split per SKU on
 * one in 20; a storage lump without a SKU each day, an acceptance lump each Monday, a manual ad lump each week. Cost
 * prices: two per SKU, the second from the middle of the period, none for one SKU in twenty (coverage below 100 %).
 */
export async function seedLedger(db: BenchDatabase, accountId: string, nmIds: number[], days: number, dateTo: string): Promise<LedgerSeed> {
  const dateFrom = shiftDay(dateTo, 1 - days);
  const started = Date.now();
  const skus = sql`unnest(${`{${nmIds.join(',')}}`}::bigint[]) AS nm(id)`;
  const period = sql`generate_series(${dateFrom}::date, ${dateTo}::date, '1 day') AS d(day)`;
  // The hash of a SKU's day picks its operations; price in roubles with kopecks per SKU.
  await db.execute(sql`
    INSERT INTO ledger_transactions (mp_account_id, date, amount, type, source, nm_id, quantity, advert_id, report_id)
    SELECT ${accountId}::uuid, s.day, x.amount, x.type, x.source, s.nm, x.quantity, x.advert, CASE WHEN x.source = 'mp_report' THEN '1' END
    FROM (SELECT nm.id AS nm, d.day::date AS day, (nm.id + extract(doy FROM d.day)::int) AS h, 500 + nm.id % 1000 + 0.99 AS price
      FROM ${skus} CROSS JOIN ${period}) s
    CROSS JOIN LATERAL (VALUES
      ('sale', 'mp_report', s.price * (1 + s.h % 3), 1 + s.h % 3, NULL::bigint, s.h % 2 = 0),
      ('commission', 'mp_report', -round(s.price * (1 + s.h % 3) * 0.15, 2), 0, NULL, s.h % 2 = 0),
      ('logistics', 'mp_report', -(50 + s.h % 7 + 0.5), 0, NULL, s.h % 10 = 1),
      ('return', 'mp_report', -s.price, -1, NULL, s.h % 25 = 3),
      ('advertising', 'mp_ads', -(10 + s.h % 13 + 0.37), 0, 7000 + s.nm % 50, s.h % 20 = 5)
    ) AS x(type, source, amount, quantity, advert, present)
    WHERE x.present`);
  await db.execute(sql`
    INSERT INTO ledger_transactions (mp_account_id, date, amount, type, source, nm_id, report_id)
    SELECT ${accountId}::uuid, d.day, l.amount, l.type, l.source, NULL, CASE WHEN l.source = 'mp_report' THEN '1' END
    FROM ${period} CROSS JOIN LATERAL (VALUES
      ('storage', 'mp_report', -(12345.67 + extract(doy FROM d.day)::int), true),
      ('acceptance', 'mp_report', -4321.09, extract(isodow FROM d.day) = 1),
      ('advertising', 'manual', -1500.01, extract(isodow FROM d.day) = 3)
    ) AS l(type, source, amount, present)
    WHERE l.present`);
  await db.execute(sql`
    INSERT INTO product_costs (mp_account_id, nm_id, cost_price, valid_from)
    SELECT ${accountId}::uuid, nm.id, (200 + nm.id % 700 + 0.5) * v.factor, v.valid_from
    FROM ${skus} CROSS JOIN (VALUES (1.0, ${shiftDay(dateFrom, -100)}::date), (1.1, ${shiftDay(dateFrom, Math.floor(days / 2))}::date)) AS v(factor, valid_from)
    WHERE nm.id % 20 <> 7`);
  const ms = Date.now() - started;
  const { rows } = await db.execute<{ ledgerRows: number; costRows: number }>(sql`
    SELECT (SELECT count(*)::int FROM ledger_transactions WHERE mp_account_id = ${accountId}::uuid) AS "ledgerRows",
      (SELECT count(*)::int FROM product_costs WHERE mp_account_id = ${accountId}::uuid) AS "costRows"`);
  return { dateFrom, dateTo, ...rows[0], ms };
}
