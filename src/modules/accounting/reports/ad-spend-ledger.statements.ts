import { SQL, sql } from 'drizzle-orm';

/** A campaign's charges of a Moscow day (ad spend history, reference 12.5), in kopecks. */
export interface AdCharge {
  advertId: number;
  day: string;
  kopecks: number;
}

/**
 * The advertising ledger rows of the charges: each campaign's charge of a day split over its products by their spend
 * that day in the ads statistics (the rest of the kopecks, after each part is rounded down, to the product that spent
 * most), or one row without a product when the statistics have none for it. The parts add up to the charge exactly.
 */
export function insertAdSpendLedger(accountId: string, charges: AdCharge[]): SQL {
  return sql`WITH charges AS (
      SELECT (c->>'advertId')::bigint AS advert_id, (c->>'day')::date AS day, sum((c->>'kopecks')::bigint) AS kopecks
      FROM jsonb_array_elements(${JSON.stringify(charges)}::jsonb) c GROUP BY 1, 2),
    shares AS (
      SELECT ch.advert_id, ch.day, ch.kopecks, st.nm_id,
        floor(ch.kopecks::numeric * st.spend_kopecks / sum(st.spend_kopecks) OVER w)::bigint AS part,
        row_number() OVER (PARTITION BY ch.advert_id, ch.day ORDER BY st.spend_kopecks DESC, st.nm_id) AS rank
      FROM charges ch JOIN ad_product_stats st ON st.mp_account_id = ${accountId}::uuid AND st.advert_id = ch.advert_id
        AND st.day = ch.day AND st.spend_kopecks > 0
      WINDOW w AS (PARTITION BY ch.advert_id, ch.day)),
    parts AS (
      SELECT advert_id, day, nm_id,
        part + CASE WHEN rank = 1 THEN kopecks - sum(part) OVER (PARTITION BY advert_id, day) ELSE 0 END AS kopecks
      FROM shares
      UNION ALL
      SELECT advert_id, day, NULL, kopecks FROM charges ch
      WHERE NOT EXISTS (SELECT 1 FROM shares WHERE shares.advert_id = ch.advert_id AND shares.day = ch.day))
    INSERT INTO ledger_transactions (mp_account_id, date, amount, type, source, nm_id, advert_id, comment)
    SELECT ${accountId}::uuid, day, -(kopecks::numeric / 100), 'advertising', 'mp_ads', nm_id, advert_id, 'Списание за рекламу'
    FROM parts WHERE kopecks <> 0`;
}
