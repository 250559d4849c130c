import { Inject, Injectable } from '@nestjs/common';
import { SQL, sql } from 'drizzle-orm';

import type { DataScope } from '../../../common/auth/data-scope';
import { DATABASE, Database } from '../../../database/database.tokens';
import type { RnpItemRow } from '../lists/rnp-lists.repository';
import type { PulseGroup } from './pulse-matrix.dto';
import type { RangePeriods } from './pulse-series';

/** A SKU of the matrix: its card and its plan. */
export interface PulseSku {
  nmId: number;
  title: string;
  vendorCode: string;
  brand: string;
  plan: RnpItemRow | null;
}

/**
 * What a SKU's flags are decided from, one array per figure (index i: the range's i-th period), as the cells show
 * them, and the stored flags of the cell's days (comma-separated); a period without rows has null figures, no bad
 * reviews and no flags.
 */
export interface PulseFactColumns {
  ordersQty: (number | null)[];
  ordersSum: (number | null)[];
  adSpend: (number | null)[];
  daysOfCover: (number | null)[];
  badReviews: number[];
  flags: string[];
}

/**
 * A SKU's cells from the database: the members of PulseCellsDto that the rows decide (every one but planOrders,
 * planCompletionPct and flags) as the JSON text of an object, written by PostgreSQL and sent as it is, and the facts
 * of its flags.
 */
export interface PulseStoredCells {
  json: string;
  facts: PulseFactColumns;
}

/** The range of a matrix's cells: its days, by day or by week, and its periods with their days. */
export interface PulseCellRange {
  periods: Pick<RangePeriods, 'period' | 'days'>;
  dateFrom: string;
  dateTo: string;
  groupBy: PulseGroup;
}

/** SKUs whose cells one statement reads. */
const CELLS_PART = 250;

/**
 * The members of PulseCellsDto made from a period's cell (null when the period has no rows): figures as JSON numbers
 * (numeric without trailing zeros, as JSON.stringify writes the number), the defaults of an empty period, and a source
 * complete when every day of the period has a row with it.
 */
const STORED_MEMBERS = [
  ['period', 'period'],
  ['days', 'days'],
  ['opens', 'opens'],
  ['cartAdds', 'cart_adds'],
  ['ordersQty', 'orders_qty'],
  ['ordersSum', 'trim_scale(orders_sum)'],
  ['buyoutsQty', 'buyouts_qty'],
  ['buyoutsSum', 'trim_scale(buyouts_sum)'],
  ['cancelsQty', 'cancels_qty'],
  ['cancelsSum', 'trim_scale(cancels_sum)'],
  ['addToCartPct', 'trim_scale(coalesce(add_to_cart_pct, round(cart_adds * 100.0 / nullif(opens, 0), 2)))'],
  ['cartToOrderPct', 'trim_scale(coalesce(cart_to_order_pct, round(orders_qty * 100.0 / nullif(cart_adds, 0), 2)))'],
  ['buyoutPct', 'trim_scale(coalesce(buyout_pct, round(buyouts_qty * 100.0 / nullif(orders_qty, 0), 2)))'],
  ['adSpend', 'trim_scale(ad_spend)'],
  ['adViews', 'ad_views'],
  ['adClicks', 'ad_clicks'],
  ['ctrPct', 'trim_scale(round(ad_clicks * 100.0 / nullif(ad_views, 0), 2))'],
  ['cpc', 'trim_scale(round(ad_spend / nullif(ad_clicks, 0), 2))'],
  ['drrPct', 'trim_scale(round(ad_spend * 100 / nullif(orders_sum, 0), 2))'],
  ['price', 'trim_scale(price)'],
  ['stock', 'stock'],
  ['daysOfCover', 'trim_scale(days_of_cover)'],
  ['rating', 'trim_scale(rating)'],
  ['feedbacks', 'coalesce(feedbacks, 0)'],
  ['badReviews', 'coalesce(bad_reviews, 0)'],
  ['ordersSource', 'orders_source'],
  ['hasFunnel', 'coalesce(has_funnel AND n = days, false)'],
  ['hasAds', 'coalesce(has_ads AND n = days, false)'],
  ['hasPrice', 'coalesce(has_price AND n = days, false)'],
  ['hasStock', 'coalesce(has_stock AND n = days, false)'],
  ['version', 'coalesce(version, 0)'],
] as const;

/** Each member's array over the periods, and the stored flags'. */
const MEMBER_ARRAYS = sql.raw(
  [
    ...STORED_MEMBERS.map(([member, value]) => `array_agg(${value}) AS "${member}"`),
    `array_agg(coalesce(flags, '')) AS "storedFlags"`,
  ].join(', '),
);

/** The cells' JSON object of the members' arrays. */
const CELLS_JSON = sql.raw(`json_build_object(${STORED_MEMBERS.map(([member]) => `'${member}', "${member}"`).join(', ')})`);

/** The facts of PulseFactColumns: the same arrays, read once. */
const FACTS_JSON = sql.raw(`json_build_object('ordersQty', "ordersQty", 'ordersSum', "ordersSum", 'adSpend', "adSpend",
  'daysOfCover', "daysOfCover", 'badReviews', "badReviews", 'flags', "storedFlags")`);

/** A day's cell: its row as it is. */
const DAY_CELLS = sql.raw(`day AS cell_period, 1 AS n, opens, cart_adds, orders_qty, orders_sum, buyouts_qty, buyouts_sum,
  cancels_qty, cancels_sum, add_to_cart_pct, cart_to_order_pct, buyout_pct, orders_source, ad_spend, ad_views, ad_clicks,
  price, stock, days_of_cover, rating, feedbacks, bad_reviews, array_to_string(flags, ',') AS flags, version > 0 AS has_funnel,
  ad_spend IS NOT NULL AS has_ads, price IS NOT NULL AS has_price, stock IS NOT NULL AS has_stock, version`);

/**
 * A week's cell from Monday, over the rows it has: sums; price, stock and cover of its last day that has them;
 * conversions left to the sums; a source that every row has; the flags of its days together.
 */
const WEEK_CELLS = sql.raw(`date_trunc('week', day)::date AS cell_period, count(*)::int AS n,
  sum(opens) AS opens, sum(cart_adds) AS cart_adds, sum(orders_qty) AS orders_qty, sum(orders_sum) AS orders_sum,
  sum(buyouts_qty) AS buyouts_qty, sum(buyouts_sum) AS buyouts_sum, sum(cancels_qty) AS cancels_qty,
  sum(cancels_sum) AS cancels_sum, NULL::numeric AS add_to_cart_pct, NULL::numeric AS cart_to_order_pct,
  NULL::numeric AS buyout_pct,
  CASE WHEN bool_and(orders_source = 'funnel') THEN 'funnel' WHEN bool_or(orders_source IS NOT NULL) THEN 'orders' END
    AS orders_source,
  sum(ad_spend) AS ad_spend, sum(ad_views) AS ad_views, sum(ad_clicks) AS ad_clicks,
  (array_agg(price ORDER BY day DESC) FILTER (WHERE price IS NOT NULL))[1] AS price,
  (array_agg(stock ORDER BY day DESC) FILTER (WHERE stock IS NOT NULL))[1] AS stock,
  (array_agg(days_of_cover ORDER BY day DESC) FILTER (WHERE days_of_cover IS NOT NULL))[1] AS days_of_cover,
  round(sum(rating * feedbacks) / nullif(sum(feedbacks) FILTER (WHERE rating IS NOT NULL), 0), 2) AS rating,
  sum(feedbacks)::int AS feedbacks, sum(bad_reviews)::int AS bad_reviews,
  coalesce(string_agg(nullif(array_to_string(flags, ','), ''), ','), '') AS flags, bool_and(version > 0) AS has_funnel,
  bool_and(ad_spend IS NOT NULL) AS has_ads, bool_and(price IS NOT NULL) AS has_price, bool_and(stock IS NOT NULL) AS has_stock,
  (array_agg(version ORDER BY day DESC))[1] AS version`);

const ITEM_COLUMNS = sql.raw(`i.id, i.list_id AS "listId", i.nm_id AS "nmId", i.status, i.plan_orders_per_day AS "planOrdersPerDay",
  i.plan_price AS "planPrice", i.target_drr_pct AS "targetDrrPct", i.manager, i.comment, i.date_from::text AS "dateFrom",
  i.date_to::text AS "dateTo", i.created_at AS "createdAt", i.updated_at AS "updatedAt"`);

type SkuRow = { nm_id: string; title: string; vendor_code: string; brand: string; item: RnpItemRow | null };

/** The SKUs a scope sees: a manager limited to brands, only the cards of their brands. */
function brandFilter(scope: DataScope): SQL {
  return scope.brandIds === 'all' ? sql`` : sql`AND p.brand_id = ANY(${`{${scope.brandIds.join(',')}}`}::uuid[])`;
}

function sku(row: SkuRow): PulseSku {
  // Read through JSON: the numeric target is a JSON number there, and numeric text again here.
  const { item } = row;
  const plan = item && {
    ...item,
    nmId: Number(item.nmId),
    targetDrrPct: item.targetDrrPct === null ? null : String(item.targetDrrPct),
    createdAt: new Date(item.createdAt),
    updatedAt: new Date(item.updatedAt),
  };
  return { nmId: Number(row.nm_id), title: row.title, vendorCode: row.vendor_code, brand: row.brand, plan };
}

/** The matrix's reads: the SKUs of a list or of nmIds with their plans, and their cells summed by day or week. */
@Injectable()
export class PulseMatrixRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The list's items the scope sees, by nmId, each with its card. */
  async listSkus(scope: DataScope, listId: string): Promise<PulseSku[]> {
    const { rows } = await this.db.execute<SkuRow>(sql`
      SELECT p.nm_id, p.title, p.vendor_code, p.brand, (SELECT to_jsonb(x) FROM (SELECT ${ITEM_COLUMNS}) x) AS item
      FROM rnp_list_items i JOIN products p ON p.mp_account_id = ${scope.accountId} AND p.nm_id = i.nm_id
      WHERE i.list_id = ${listId} ${brandFilter(scope)}
      ORDER BY p.nm_id`);
    return rows.map(sku);
  }

  /** The cards of these nmIds the scope sees, each with the plan of its most recently changed list item. */
  nmSkus(scope: DataScope, nmIds: number[]): Promise<PulseSku[]> {
    return this.cardSkus(scope, sql`p.nm_id = ANY(${`{${nmIds.join(',')}}`}::bigint[])`);
  }

  /** The cards of every list of the account that the scope sees, each with the plan of its most recently changed item. */
  listedSkus(scope: DataScope): Promise<PulseSku[]> {
    return this.cardSkus(
      scope,
      sql`p.nm_id IN (SELECT i.nm_id FROM rnp_list_items i JOIN rnp_product_lists l ON l.id = i.list_id WHERE l.mp_account_id = p.mp_account_id)`,
    );
  }

  private async cardSkus(scope: DataScope, cards: SQL): Promise<PulseSku[]> {
    const { rows } = await this.db.execute<SkuRow>(sql`
      SELECT p.nm_id, p.title, p.vendor_code, p.brand, plan.item
      FROM products p LEFT JOIN LATERAL (
        SELECT (SELECT to_jsonb(x) FROM (SELECT ${ITEM_COLUMNS}) x) AS item
        FROM rnp_list_items i JOIN rnp_product_lists l ON l.id = i.list_id
        WHERE l.mp_account_id = p.mp_account_id AND i.nm_id = p.nm_id ORDER BY i.updated_at DESC LIMIT 1
      ) plan ON true
      WHERE p.mp_account_id = ${scope.accountId} AND ${cards} ${brandFilter(scope)}
      ORDER BY p.nm_id`);
    return rows.map(sku);
  }

  /**
   * Every SKU's cells over the periods of the range (by day, or by week from Monday), each SKU's as columns in the
   * periods' order. SKUs are read in parts side by side on the pool's connections, a part on each core; each SKU's rows
   * are found by the (mp_account_id, nm_id, day) key.
   */
  async cells(accountId: string, nmIds: number[], range: PulseCellRange): Promise<Map<number, PulseStoredCells>> {
    const parts: number[][] = [];
    for (let start = 0; start < nmIds.length; start += CELLS_PART) parts.push(nmIds.slice(start, start + CELLS_PART));
    const answers = await Promise.all(parts.map((part) => this.cellsOf(accountId, part, range)));
    return new Map(answers.flat());
  }

  private async cellsOf(accountId: string, nmIds: number[], { periods, dateFrom, dateTo, groupBy }: PulseCellRange) {
    const rows = sql`FROM rnp_daily_rows WHERE mp_account_id = ${accountId} AND nm_id = s.nm_id
      AND day BETWEEN ${dateFrom}::date AND ${dateTo}::date`;
    const cells = groupBy === 'week' ? sql`SELECT ${WEEK_CELLS} ${rows} GROUP BY 1` : sql`SELECT ${DAY_CELLS} ${rows}`;
    // The periods ordered before the aggregates, so that every array lists them in the range's order.
    const result = await this.db.execute<{ nm_id: string; json: string; facts: PulseFactColumns }>(sql`
      SELECT s.nm_id, ${CELLS_JSON}::text AS json, ${FACTS_JSON} AS facts
      FROM unnest(${`{${nmIds.join(',')}}`}::bigint[]) s(nm_id) CROSS JOIN LATERAL (
        SELECT ${MEMBER_ARRAYS}
        FROM (
          SELECT * FROM unnest(${`{${periods.period.join(',')}}`}::date[], ${`{${periods.days.join(',')}}`}::int[])
            WITH ORDINALITY g(period, days, at)
          LEFT JOIN (${cells}) cell ON cell.cell_period = g.period
          ORDER BY g.at
        ) t
      ) c`);
    return result.rows.map((row): [number, PulseStoredCells] => [Number(row.nm_id), { json: row.json, facts: row.facts }]);
  }
}
