import { Inject, Injectable } from '@nestjs/common';
import { SQL, sql } from 'drizzle-orm';

import type { DataScope } from '../../../common/auth/data-scope';
import type { SortDirection } from '../../../common/http/pagination.dto';
import { DATABASE, Database } from '../../../database/database.tokens';
import { escapeLike } from '../../../database/like';
import {
  CoverStatus,
  inventoryCover,
  inventoryInWay,
  inventorySnapshotRows,
  inventorySnapshots,
  inventoryStocks,
  products,
  ProductSize,
  StockSources,
  StockWarehouseKind,
} from '../../../database/schema';
import type { InventoryStockSortField } from './inventory-stocks.dto';

/** What a user sees of one account's stock, narrowed by the route's filters, in one order. */
export interface StockListFilter extends DataScope {
  brandId?: string;
  warehouseId?: number;
  q?: string;
  status?: CoverStatus;
  /** One SKU only (its detail). */
  nmId?: number;
  sortBy: InventoryStockSortField;
  sortDirection: SortDirection;
  limit: number;
  offset: number;
}

/** A SKU's totals over its sizes and warehouses. */
export type StockTotalsRow = {
  nmId: number;
  vendorCode: string;
  brand: string;
  title: string;
  quantity: number;
  inWayToClient: number;
  inWayFromClient: number;
  velocityPerDay: number | null;
  daysOfCover: number | null;
  status: CoverStatus;
};

/** The totals of the SKUs a scope sees (the summary). */
export type StockSummaryRow = {
  units: number;
  inWayToClient: number;
  inWayFromClient: number;
  skusInStock: number;
  skusOutOfStock: number;
  skusUrgent: number;
  skusSoon: number;
  avgDaysOfCover: number | null;
  deadStockUnits: number;
};

/** A snapshot day of a SKU: its units then. */
export type SnapshotPointRow = { day: string; quantity: number };

export type WarehouseStockRow = {
  nmId: number;
  techSize: string;
  warehouseId: number;
  warehouseName: string;
  kind: StockWarehouseKind;
  quantity: number;
};

export type InWaySizeRow = {
  techSize: string;
  inWayToClient: number;
  inWayFromClient: number;
};

/** The account's latest snapshot: when it was taken and from which sources. */
export interface SnapshotHead {
  takenAt: Date;
  sources: StockSources;
}

/** A PostgreSQL array literal of ids (uuids or integers, never free text): drizzle would spread a JS array into a list. */
const arrayLiteral = (ids: readonly (string | number)[]): string => `{${ids.join(',')}}`;

/** Days of cover sorts SKUs without sales last either way. */
const ORDER: Record<InventoryStockSortField, (direction: SQL) => SQL> = {
  daysOfCover: (direction) => sql`"daysOfCover" ${direction} NULLS LAST`,
  quantity: (direction) => sql`quantity ${direction}`,
  nmId: (direction) => sql`"nmId" ${direction}`,
};

/**
 * A SKU's status as the last sync stored it (inventory_cover); a SKU the sync has not computed yet (a card newer than
 * the last sync, or none yet) is out of stock without stock rows, else without sales.
 */
const STATUS = sql`COALESCE(c.status, CASE WHEN EXISTS (SELECT 1 FROM ${inventoryStocks} s
  WHERE s.mp_account_id = p.mp_account_id AND s.nm_id = p.nm_id) THEN 'no_sales' ELSE 'oos' END)`;

/** The products `p` with their stored cover `c`. */
const WITH_COVER = sql`${products} p LEFT JOIN ${inventoryCover} c ON c.mp_account_id = p.mp_account_id AND c.nm_id = p.nm_id`;

/**
 * A SKU's totals from `p` and `c`: a SKU's stored cover carries its units, so only SKUs the last sync did not compute
 * sum their stock rows (README: Inventory, velocity).
 */
const TOTALS = sql`p.nm_id AS "nmId", p.vendor_code AS "vendorCode", p.brand, p.title,
  COALESCE(c.quantity, (SELECT sum(s.quantity) FROM ${inventoryStocks} s
    WHERE s.mp_account_id = p.mp_account_id AND s.nm_id = p.nm_id), 0)::int AS quantity,
  c.velocity_per_day AS "velocityPerDay", c.days_of_cover AS "daysOfCover", ${STATUS} AS status`;

/**
 * Pages ending within this many SKUs of the start, sorted by days of cover, are read in the cover index's order: a page
 * costs its own rows, not a sort of the whole catalog. Deeper pages sort it once, cheaper there than row by row.
 */
const COVER_INDEX_ROWS = 2000;

/** Every read of the stock routes; products are the catalog's listed cards of the account, joined, never written. */
@Injectable()
export class InventoryStocksRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The catalog products the filter sees, as conditions on `p` (products) and `c` (their cover). */
  private visible(filter: Omit<StockListFilter, 'sortBy' | 'sortDirection' | 'limit' | 'offset'>): SQL {
    const conditions = [sql`p.mp_account_id = ${filter.accountId}::uuid`, sql`p.removed_at IS NULL`];
    if (filter.brandIds !== 'all') conditions.push(sql`p.brand_id = ANY(${arrayLiteral(filter.brandIds)}::uuid[])`);
    if (filter.brandId) conditions.push(sql`p.brand_id = ${filter.brandId}::uuid`);
    if (filter.nmId !== undefined) conditions.push(sql`p.nm_id = ${filter.nmId}`);
    if (filter.q)
      conditions.push(
        sql`lower(p.title || ' ' || p.vendor_code || ' ' || p.nm_id::text) LIKE '%' || lower(${escapeLike(filter.q)}) || '%'`,
      );
    if (filter.status) conditions.push(sql`${STATUS} = ${filter.status}`);
    if (filter.warehouseId !== undefined)
      conditions.push(
        sql`EXISTS (SELECT 1 FROM ${inventoryStocks} s WHERE s.mp_account_id = p.mp_account_id AND s.nm_id = p.nm_id AND s.warehouse_id = ${filter.warehouseId})`,
      );
    return sql.join(conditions, sql` AND `);
  }

  /** One page of SKUs with their totals, and how many the filter sees. */
  async page(filter: StockListFilter): Promise<{ rows: StockTotalsRow[]; total: number }> {
    const where = this.visible(filter);
    const direction = sql.raw(filter.sortDirection);
    const order = sql`${ORDER[filter.sortBy](direction)}, "nmId" ${direction}`;
    const cut = sql`LIMIT ${filter.limit} OFFSET ${filter.offset}`;
    const byCover = filter.sortBy === 'daysOfCover' && filter.offset + filter.limit <= COVER_INDEX_ROWS;
    // The page is cut first and its transit summed after.
    const { rows } = await this.db.execute<StockTotalsRow>(sql`
      ${byCover ? this.coveredFirst(where, direction, filter.offset + filter.limit) : sql``}
      SELECT t.*, COALESCE(w.to_client, 0)::int AS "inWayToClient", COALESCE(w.from_client, 0)::int AS "inWayFromClient"
      FROM (
        ${
          byCover
            ? sql`SELECT ${TOTALS} FROM (SELECT * FROM covered UNION ALL SELECT * FROM uncovered ORDER BY ${order} ${cut}) k
                JOIN (${WITH_COVER}) ON p.mp_account_id = ${filter.accountId}::uuid AND p.nm_id = k."nmId"`
            : sql`SELECT ${TOTALS} FROM ${WITH_COVER} WHERE ${where} ORDER BY ${order} ${cut}`
        }
      ) t
      LEFT JOIN LATERAL (SELECT sum(in_way_to_client) AS to_client, sum(in_way_from_client) AS from_client
        FROM ${inventoryInWay} WHERE mp_account_id = ${filter.accountId}::uuid AND nm_id = t."nmId") w ON true
      ORDER BY ${order}`);
    const [{ total }] = (await this.db.execute<{ total: number }>(sql`SELECT count(*)::int AS total FROM ${WITH_COVER} WHERE ${where}`))
      .rows;
    return { rows: rows.map((row) => ({ ...row, nmId: Number(row.nmId) })), total };
  }

  /**
   * The keys of the first `end` SKUs by days of cover as two parts: those with days of cover in the order of the cover
   * index (account, days of cover, nmId), then, only when they do not fill the page, those without (no sales, or no
   * cover yet), which sort last either way. Only the page cut from them has its totals read.
   */
  private coveredFirst(where: SQL, direction: SQL, end: number): SQL {
    return sql`WITH covered AS (
        SELECT c.nm_id AS "nmId", c.days_of_cover AS "daysOfCover"
        FROM ${inventoryCover} c JOIN ${products} p ON p.mp_account_id = c.mp_account_id AND p.nm_id = c.nm_id
        WHERE ${where} AND c.days_of_cover IS NOT NULL ORDER BY c.days_of_cover ${direction}, c.nm_id ${direction} LIMIT ${end}
      ), uncovered AS (
        SELECT p.nm_id AS "nmId", NULL::double precision AS "daysOfCover" FROM ${WITH_COVER}
        WHERE ${where} AND c.days_of_cover IS NULL AND (SELECT count(*) FROM covered) < ${end} ORDER BY p.nm_id ${direction} LIMIT ${end}
      )`;
  }

  /** A visible SKU's totals, or undefined when the filter does not see it. */
  async totals(scope: DataScope, nmId: number): Promise<StockTotalsRow | undefined> {
    const { rows } = await this.page({ ...scope, nmId, sortBy: 'nmId', sortDirection: 'asc', limit: 1, offset: 0 });
    return rows[0];
  }

  /** Stock rows of these SKUs by size and warehouse. */
  async warehouseRows(accountId: string, nmIds: number[]): Promise<WarehouseStockRow[]> {
    if (nmIds.length === 0) return [];
    const { rows } = await this.db.execute<WarehouseStockRow>(sql`
      SELECT nm_id AS "nmId", tech_size AS "techSize", warehouse_id AS "warehouseId", warehouse_name AS "warehouseName",
        warehouse_kind AS kind, quantity
      FROM ${inventoryStocks}
      WHERE mp_account_id = ${accountId}::uuid AND nm_id = ANY(${arrayLiteral(nmIds)}::bigint[])
      ORDER BY warehouse_kind, warehouse_name, tech_size`);
    return rows.map((row) => ({ ...row, nmId: Number(row.nmId), warehouseId: Number(row.warehouseId) }));
  }

  async inWayOfSizes(accountId: string, nmId: number): Promise<InWaySizeRow[]> {
    const { rows } = await this.db.execute<InWaySizeRow>(sql`
      SELECT tech_size AS "techSize", in_way_to_client AS "inWayToClient", in_way_from_client AS "inWayFromClient"
      FROM ${inventoryInWay} WHERE mp_account_id = ${accountId}::uuid AND nm_id = ${nmId}`);
    return rows;
  }

  /** The sizes of a listed card of the account, as the catalog holds them. */
  async sizesOf(accountId: string, nmId: number): Promise<ProductSize[]> {
    const { rows } = await this.db.execute<{ sizes: ProductSize[] }>(
      sql`SELECT sizes FROM ${products} WHERE mp_account_id = ${accountId}::uuid AND nm_id = ${nmId} AND removed_at IS NULL`,
    );
    return rows[0]?.sizes ?? [];
  }

  async lastSnapshot(accountId: string): Promise<SnapshotHead | null> {
    const { rows } = await this.db.execute<{ takenAt: string; sources: StockSources }>(sql`
      SELECT taken_at AS "takenAt", sources FROM ${inventorySnapshots}
      WHERE mp_account_id = ${accountId}::uuid ORDER BY day DESC LIMIT 1`);
    return rows[0] ? { takenAt: new Date(rows[0].takenAt), sources: rows[0].sources } : null;
  }

  /** The SKU's units per snapshot day from `dayFrom` on (days without a row: none in stock that day). */
  async snapshotPoints(accountId: string, nmId: number, dayFrom: string): Promise<SnapshotPointRow[]> {
    const { rows } = await this.db.execute<SnapshotPointRow>(sql`
      SELECT to_char(h.day, 'YYYY-MM-DD') AS day, COALESCE(sum(r.quantity), 0)::int AS quantity
      FROM ${inventorySnapshots} h
      LEFT JOIN ${inventorySnapshotRows} r ON r.mp_account_id = h.mp_account_id AND r.day = h.day AND r.nm_id = ${nmId}
      WHERE h.mp_account_id = ${accountId}::uuid AND h.day >= ${dayFrom}::date
      GROUP BY h.day`);
    return rows;
  }

  /** Totals over the SKUs the scope sees; `ordered`: the SKUs with orders in the dead-stock window. */
  async summary(scope: DataScope, ordered: number[]): Promise<StockSummaryRow> {
    const { rows } = await this.db.execute<StockSummaryRow>(sql`
      SELECT COALESCE(sum(t.quantity), 0)::int AS units,
        COALESCE(sum(t.to_client), 0)::int AS "inWayToClient", COALESCE(sum(t.from_client), 0)::int AS "inWayFromClient",
        count(*) FILTER (WHERE t.quantity > 0)::int AS "skusInStock", count(*) FILTER (WHERE t.quantity <= 0)::int AS "skusOutOfStock",
        count(*) FILTER (WHERE t.status = 'urgent')::int AS "skusUrgent", count(*) FILTER (WHERE t.status = 'soon')::int AS "skusSoon",
        avg(t.days_of_cover) FILTER (WHERE t.quantity > 0) AS "avgDaysOfCover",
        COALESCE(sum(t.quantity) FILTER (WHERE NOT t.nm_id = ANY(${arrayLiteral(ordered)}::bigint[])), 0)::int AS "deadStockUnits"
      FROM (
        SELECT p.nm_id, c.days_of_cover, ${STATUS} AS status,
          COALESCE((SELECT sum(s.quantity) FROM ${inventoryStocks} s WHERE s.mp_account_id = p.mp_account_id AND s.nm_id = p.nm_id), 0) AS quantity,
          (SELECT sum(w.in_way_to_client) FROM ${inventoryInWay} w WHERE w.mp_account_id = p.mp_account_id AND w.nm_id = p.nm_id) AS to_client,
          (SELECT sum(w.in_way_from_client) FROM ${inventoryInWay} w WHERE w.mp_account_id = p.mp_account_id AND w.nm_id = p.nm_id) AS from_client
        FROM ${WITH_COVER} WHERE ${this.visible(scope)}
      ) t`);
    return rows[0];
  }
}
