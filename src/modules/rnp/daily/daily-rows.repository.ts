import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';

import { MOSCOW_TZ } from '../../../common/time/moscow-time';
import { DATABASE, Database } from '../../../database/database.tokens';
import type { RnpFlag } from '../../../database/schema';
import { FUNNEL_FIELDS, FunnelFigures, funnelRevision } from './funnel-revision';
import { PulseFacts, pulseFlags, PulsePlan } from './pulse-flags';

/** Rows whose flags are decided and written back at a time. */
const FLAGS_BATCH = 5000;

/** A SKU's day of the funnel as a marketplace call gave it: the figures it carries (the history call has no cancellations). */
export interface FunnelDay {
  nmId: number;
  day: string;
  figures: Partial<FunnelFigures>;
}

/** What a funnel write did: rows written the first time, rows revised (a version kept), rows the write left as they were. */
export interface FunnelWritten {
  first: number;
  revised: number;
  same: number;
}

type FlagRow = {
  nm_id: string;
  day: string;
  flags: RnpFlag[];
  orders_qty: number | null;
  orders_sum: string | null;
  ad_spend: string | null;
  days_of_cover: string | null;
  bad_reviews: number;
  price: string | null;
  previous_price: string | null;
  plan_orders_per_day: number | null;
  target_drr_pct: string | null;
};

type StoredFunnel = { nm_id: string; day: string; version: number } & Record<(typeof FUNNEL_FIELDS)[number], string | number | null>;

const COLUMN: Record<(typeof FUNNEL_FIELDS)[number], string> = {
  opens: 'opens',
  cartAdds: 'cart_adds',
  ordersQty: 'orders_qty',
  ordersSum: 'orders_sum',
  buyoutsQty: 'buyouts_qty',
  buyoutsSum: 'buyouts_sum',
  cancelsQty: 'cancels_qty',
  cancelsSum: 'cancels_sum',
  addToCartPct: 'add_to_cart_pct',
  cartToOrderPct: 'cart_to_order_pct',
  buyoutPct: 'buyout_pct',
};
const FUNNEL_COLUMNS = sql.raw(FUNNEL_FIELDS.map((field) => COLUMN[field]).join(', '));

/**
 * The daily pulse rows (rnp_daily_rows): the local sources of a range of Moscow days assembled in SQL, the funnel the
 * marketplace gives written with its versions, and the flags decided by pulse-flags.ts.
 */
@Injectable()
export class DailyRowsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Every catalog card's row of each day from `dateFrom` to `dateTo` (Moscow days) from the local sources: ad statistics
   * (kopecks summed, then ÷ 100 as numeric; null while no campaign's statistics cover the day), the buyer's price at the
   * day's end (today's from the catalog, a past day's as first written, or else from the first service price change
   * after it, or else the catalog's), the day's stock snapshot and its cover at the SKU's velocity, the day's feedback,
   * and the imported orders of the day while the funnel has not arrived. Answers the rows written.
   */
  async assembleLocal(accountId: string, dateFrom: string, dateTo: string, today: string): Promise<number> {
    const result = await this.db.execute(sql`
      WITH days AS (
        SELECT d::date AS day FROM generate_series(${dateFrom}::date, ${dateTo}::date, interval '1 day') d
      ), cards AS (
        SELECT nm_id, price, discount, discounted_price FROM products WHERE mp_account_id = ${accountId} AND removed_at IS NULL
      ), ads AS (
        SELECT nm_id, day, sum(spend_kopecks)::numeric / 100 AS spend, sum(views)::int AS views, sum(clicks)::int AS clicks
        FROM ad_product_stats WHERE mp_account_id = ${accountId} AND day BETWEEN ${dateFrom}::date AND ${dateTo}::date
        GROUP BY nm_id, day
      ), ad_days AS (
        SELECT days.day FROM days WHERE EXISTS (
          SELECT 1 FROM ad_stats_coverage c WHERE c.mp_account_id = ${accountId} AND days.day BETWEEN c.from_day AND c.to_day)
      ), snapshot_days AS (
        SELECT day FROM inventory_snapshots WHERE mp_account_id = ${accountId} AND day BETWEEN ${dateFrom}::date AND ${dateTo}::date
      ), stock AS (
        SELECT nm_id, day, sum(quantity)::int AS quantity FROM inventory_snapshot_rows
        WHERE mp_account_id = ${accountId} AND day BETWEEN ${dateFrom}::date AND ${dateTo}::date GROUP BY nm_id, day
      ), feedback AS (
        SELECT nm_id, (created_at AT TIME ZONE ${MOSCOW_TZ})::date AS day, round(avg(rating), 2) AS rating,
          count(*)::int AS feedbacks, (count(*) FILTER (WHERE rating <= 2))::int AS bad
        FROM inbox_items
        WHERE mp_account_id = ${accountId} AND kind = 'feedback' AND rating IS NOT NULL
          AND created_at >= ${dateFrom}::timestamp AT TIME ZONE ${MOSCOW_TZ}
          AND created_at < (${dateTo}::date + 1)::timestamp AT TIME ZONE ${MOSCOW_TZ}
        GROUP BY 1, 2
      ), orders AS (
        SELECT nm_id, (date AT TIME ZONE ${MOSCOW_TZ})::date AS day, count(*)::int AS qty, sum(price_with_disc) AS total
        FROM mp_orders
        WHERE mp_account_id = ${accountId}
          AND date >= ${dateFrom}::timestamp AT TIME ZONE ${MOSCOW_TZ}
          AND date < (${dateTo}::date + 1)::timestamp AT TIME ZONE ${MOSCOW_TZ}
        GROUP BY 1, 2
      )
      INSERT INTO rnp_daily_rows AS r (mp_account_id, nm_id, day, orders_qty, orders_sum, orders_source, ad_spend, ad_views,
        ad_clicks, price, stock, days_of_cover, rating, feedbacks, bad_reviews, updated_at)
      SELECT ${accountId}::uuid, cards.nm_id, days.day, orders.qty, orders.total, CASE WHEN orders.qty IS NULL THEN NULL ELSE 'orders' END,
        CASE WHEN ad_days.day IS NULL THEN NULL ELSE coalesce(ads.spend, 0) END,
        CASE WHEN ad_days.day IS NULL THEN NULL ELSE coalesce(ads.views, 0) END,
        CASE WHEN ad_days.day IS NULL THEN NULL ELSE coalesce(ads.clicks, 0) END,
        CASE WHEN days.day = ${today}::date THEN cards.discounted_price
          ELSE coalesce(
            (SELECT coalesce(h.old_price, cards.price)::numeric * (100 - coalesce(h.old_discount, cards.discount, 0)) / 100
              FROM price_history h
              WHERE h.mp_account_id = ${accountId} AND h.nm_id = cards.nm_id
                AND h.created_at >= (days.day + 1)::timestamp AT TIME ZONE ${MOSCOW_TZ}
              ORDER BY h.created_at LIMIT 1),
            cards.discounted_price) END,
        CASE WHEN snapshot_days.day IS NULL THEN NULL ELSE coalesce(stock.quantity, 0) END,
        CASE WHEN snapshot_days.day IS NULL THEN NULL
          WHEN cover.velocity_per_day > 0 THEN round((coalesce(stock.quantity, 0) / cover.velocity_per_day)::numeric, 1)
          WHEN coalesce(stock.quantity, 0) = 0 THEN 0 END,
        feedback.rating, coalesce(feedback.feedbacks, 0), coalesce(feedback.bad, 0), now()
      FROM cards CROSS JOIN days
        LEFT JOIN ads ON ads.nm_id = cards.nm_id AND ads.day = days.day
        LEFT JOIN ad_days ON ad_days.day = days.day
        LEFT JOIN snapshot_days ON snapshot_days.day = days.day
        LEFT JOIN stock ON stock.nm_id = cards.nm_id AND stock.day = days.day
        LEFT JOIN inventory_cover cover ON cover.mp_account_id = ${accountId} AND cover.nm_id = cards.nm_id
        LEFT JOIN feedback ON feedback.nm_id = cards.nm_id AND feedback.day = days.day
        LEFT JOIN orders ON orders.nm_id = cards.nm_id AND orders.day = days.day
      ON CONFLICT (mp_account_id, nm_id, day) DO UPDATE SET
        orders_qty = CASE WHEN r.orders_source = 'funnel' THEN r.orders_qty ELSE excluded.orders_qty END,
        orders_sum = CASE WHEN r.orders_source = 'funnel' THEN r.orders_sum ELSE excluded.orders_sum END,
        orders_source = CASE WHEN r.orders_source = 'funnel' THEN r.orders_source ELSE excluded.orders_source END,
        ad_spend = excluded.ad_spend, ad_views = excluded.ad_views, ad_clicks = excluded.ad_clicks,
        price = CASE WHEN excluded.day = ${today}::date THEN excluded.price ELSE coalesce(r.price, excluded.price) END,
        stock = excluded.stock, days_of_cover = excluded.days_of_cover,
        rating = excluded.rating, feedbacks = excluded.feedbacks, bad_reviews = excluded.bad_reviews, updated_at = now()
    `);
    return result.rowCount ?? 0;
  }

  /**
   * Writes the funnel of the days given, each against its stored row: a first write takes version 1, a write that
   * changes a figure keeps the stored figures as a version and raises the row's, an unchanged one is left alone.
   * The rows are locked in key order, so that two writers of overlapping days queue up.
   */
  async writeFunnel(accountId: string, days: FunnelDay[]): Promise<FunnelWritten> {
    const written: FunnelWritten = { first: 0, revised: 0, same: 0 };
    if (days.length === 0) return written;
    const keys = JSON.stringify(days.map(({ nmId, day }) => ({ nm_id: nmId, day })));
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`
        INSERT INTO rnp_daily_rows (mp_account_id, nm_id, day)
        SELECT ${accountId}::uuid, k.nm_id, k.day FROM jsonb_to_recordset(${keys}::jsonb) AS k(nm_id bigint, day date)
        ORDER BY k.nm_id, k.day
        ON CONFLICT DO NOTHING`);
      const stored = await tx.execute<StoredFunnel>(sql`
        SELECT r.nm_id, r.day::text AS day, r.version, ${sql.raw(FUNNEL_FIELDS.map((field) => `r.${COLUMN[field]} AS "${field}"`).join(', '))}
        FROM rnp_daily_rows r JOIN jsonb_to_recordset(${keys}::jsonb) AS k(nm_id bigint, day date) ON k.nm_id = r.nm_id AND k.day = r.day
        WHERE r.mp_account_id = ${accountId}
        ORDER BY r.nm_id, r.day FOR UPDATE OF r`);
      const byKey = new Map(stored.rows.map((row) => [`${row.nm_id}:${row.day}`, row]));
      const changed: (FunnelDay & { version: number })[] = [];
      const kept: StoredFunnel[] = [];
      for (const entry of days) {
        const row = byKey.get(`${entry.nmId}:${entry.day}`)!;
        const revision = funnelRevision(row as unknown as { version: number } & FunnelFigures, entry.figures);
        written[revision] += 1;
        if (revision === 'same') continue;
        if (revision === 'revised') kept.push(row);
        changed.push({ ...entry, version: row.version + 1 });
      }
      if (kept.length)
        await tx.execute(sql`
          INSERT INTO rnp_daily_row_versions (mp_account_id, nm_id, day, version, ${FUNNEL_COLUMNS}, funnel_updated_at)
          SELECT ${accountId}::uuid, r.nm_id, r.day, r.version, ${sql.raw(FUNNEL_FIELDS.map((field) => `r.${COLUMN[field]}`).join(', '))},
            r.funnel_updated_at
          FROM rnp_daily_rows r JOIN jsonb_to_recordset(${JSON.stringify(kept.map((row) => ({ nm_id: row.nm_id, day: row.day })))}::jsonb)
            AS k(nm_id bigint, day date) ON k.nm_id = r.nm_id AND k.day = r.day
          WHERE r.mp_account_id = ${accountId}
          ON CONFLICT DO NOTHING`);
      if (changed.length === 0) return;
      const values = JSON.stringify(
        changed.map(({ nmId, day, version, figures }) => ({
          nm_id: nmId,
          day,
          version,
          ...Object.fromEntries(FUNNEL_FIELDS.filter((field) => field in figures).map((field) => [field, figures[field]])),
        })),
      );
      // A field the write does not carry (the history's cancellations) keeps its stored value.
      const set = FUNNEL_FIELDS.map((field) =>
        field === 'cancelsQty' || field === 'cancelsSum'
          ? `${COLUMN[field]} = CASE WHEN v.raw ? '${field}' THEN v."${field}" ELSE r.${COLUMN[field]} END`
          : `${COLUMN[field]} = v."${field}"`,
      ).join(', ');
      await tx.execute(sql`
        UPDATE rnp_daily_rows r SET ${sql.raw(set)}, orders_source = 'funnel', version = v.version, funnel_updated_at = now()
        FROM (
          SELECT x.raw, y.* FROM jsonb_array_elements(${values}::jsonb) AS x(raw),
            jsonb_to_record(x.raw) AS y(nm_id bigint, day date, version int, opens int, "cartAdds" int, "ordersQty" int,
              "ordersSum" numeric, "buyoutsQty" int, "buyoutsSum" numeric, "cancelsQty" int, "cancelsSum" numeric,
              "addToCartPct" numeric, "cartToOrderPct" numeric, "buyoutPct" numeric)
        ) v
        WHERE r.mp_account_id = ${accountId} AND r.nm_id = v.nm_id AND r.day = v.day`);
    });
    return written;
  }

  /** The SKUs of the account's lists that its catalog has, once each, by nmId. */
  async listNmIds(accountId: string): Promise<number[]> {
    const { rows } = await this.db.execute<{ nm_id: string }>(sql`
      SELECT DISTINCT i.nm_id FROM rnp_list_items i JOIN rnp_product_lists l ON l.id = i.list_id
        JOIN products p ON p.mp_account_id = l.mp_account_id AND p.nm_id = i.nm_id AND p.removed_at IS NULL
      WHERE l.mp_account_id = ${accountId} ORDER BY i.nm_id`);
    return rows.map((row) => Number(row.nm_id));
  }

  /**
   * Decides the flags of the account's rows from `dateFrom` to `dateTo` (pulse-flags.ts) against the plan of the SKU's
   * most recently changed list item, and writes those that changed. The day before the range gives the first day's
   * previous price.
   */
  async refreshFlags(accountId: string, dateFrom: string, dateTo: string): Promise<number> {
    let changed = 0;
    let after = { nmId: 0, day: '0001-01-01' };
    for (;;) {
      const { rows } = await this.db.execute<FlagRow>(sql`
        SELECT r.nm_id, r.day::text AS day, r.flags, r.orders_qty, r.orders_sum, r.ad_spend, r.days_of_cover, r.bad_reviews, r.price,
          p.price AS previous_price, plan.plan_orders_per_day, plan.target_drr_pct
        FROM rnp_daily_rows r
          LEFT JOIN rnp_daily_rows p ON p.mp_account_id = r.mp_account_id AND p.nm_id = r.nm_id AND p.day = r.day - 1
          LEFT JOIN LATERAL (
            SELECT i.plan_orders_per_day, i.target_drr_pct FROM rnp_list_items i JOIN rnp_product_lists l ON l.id = i.list_id
            WHERE l.mp_account_id = r.mp_account_id AND i.nm_id = r.nm_id ORDER BY i.updated_at DESC LIMIT 1
          ) plan ON true
        WHERE r.mp_account_id = ${accountId} AND r.day BETWEEN ${dateFrom}::date AND ${dateTo}::date
          AND (r.nm_id, r.day) > (${after.nmId}::bigint, ${after.day}::date)
        ORDER BY r.nm_id, r.day LIMIT ${FLAGS_BATCH}`);
      if (rows.length === 0) return changed;
      const updates = rows.flatMap((row) => {
        const flags = pulseFlags(factsOf(row), planOf(row));
        return flags.join() === row.flags.join() ? [] : [{ nm_id: row.nm_id, day: row.day, flags }];
      });
      if (updates.length)
        await this.db.execute(sql`
          UPDATE rnp_daily_rows r SET flags = ARRAY(SELECT jsonb_array_elements_text(v.flags))
          FROM jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) AS v(nm_id bigint, day date, flags jsonb)
          WHERE r.mp_account_id = ${accountId} AND r.nm_id = v.nm_id AND r.day = v.day`);
      changed += updates.length;
      const last = rows[rows.length - 1];
      after = { nmId: Number(last.nm_id), day: last.day };
    }
  }
}

function factsOf(row: FlagRow): PulseFacts {
  return {
    days: 1,
    ordersQty: row.orders_qty,
    ordersSum: row.orders_sum,
    adSpend: row.ad_spend,
    daysOfCover: row.days_of_cover,
    badReviews: row.bad_reviews,
    price: row.price,
    previousPrice: row.previous_price,
  };
}

function planOf(row: FlagRow): PulsePlan | null {
  if (row.plan_orders_per_day === null && row.target_drr_pct === null) return null;
  return { planOrdersPerDay: row.plan_orders_per_day, targetDrrPct: row.target_drr_pct };
}
