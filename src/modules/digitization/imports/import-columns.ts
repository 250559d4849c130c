import { marketplaceInstantSql } from '../../../common/time/moscow-time';

/** A field of a page's JSON items as json_to_recordset reads it: its key and the PostgreSQL type of its value. */
export interface JsonField {
  key: string;
  type: string;
}

/** A column an import writes: its name in the table and its value, SQL over the page's fields (`r."<key>"`). */
export interface ImportColumn {
  name: string;
  value: string;
}

/** How the rows of one feed are read from a page and written: the fields read, the columns written, the key. */
export interface FeedColumns {
  fields: JsonField[];
  columns: ImportColumn[];
  /** The row key besides the account: its column, and its field in the page's items. */
  key: { column: string; field: string };
}

const ref = (key: string): string => `r."${key}"`;

/** A column computed from one field. */
const computed = (name: string, key: string, type: string, value: string): [JsonField, ImportColumn] => [
  { key, type },
  { name, value },
];

/** A column holding one field as it is. */
const plain = (name: string, key: string, type: string) => computed(name, key, type, ref(key));

/** A column holding a marketplace time, Moscow time unless it carries a zone, as an instant. */
const instant = (name: string, key: string) => computed(name, key, 'text', marketplaceInstantSql(ref(key)));

function feedColumns(pairs: [JsonField, ImportColumn][], key: FeedColumns['key'], extra: ImportColumn[] = []): FeedColumns {
  return { fields: pairs.map(([field]) => field), columns: [...pairs.map(([, column]) => column), ...extra], key };
}

/**
 * Reference 3.1, 3.2: the fields orders and sales share (schema/digitization.ts). Amounts are read from the JSON
 * numbers straight into numeric, so their decimals are kept exactly as the marketplace wrote them.
 */
const FEED_FIELDS = [
  instant('date', 'date'),
  instant('last_change_date', 'lastChangeDate'),
  plain('warehouse_name', 'warehouseName', 'text'),
  plain('warehouse_type', 'warehouseType', 'text'),
  plain('country_name', 'countryName', 'text'),
  plain('oblast_okrug_name', 'oblastOkrugName', 'text'),
  plain('region_name', 'regionName', 'text'),
  plain('supplier_article', 'supplierArticle', 'text'),
  plain('nm_id', 'nmId', 'bigint'),
  plain('barcode', 'barcode', 'text'),
  plain('category', 'category', 'text'),
  plain('subject', 'subject', 'text'),
  plain('brand', 'brand', 'text'),
  plain('tech_size', 'techSize', 'text'),
  plain('income_id', 'incomeID', 'bigint'),
  plain('is_supply', 'isSupply', 'boolean'),
  plain('is_realization', 'isRealization', 'boolean'),
  plain('total_price', 'totalPrice', 'numeric'),
  plain('discount_percent', 'discountPercent', 'integer'),
  plain('spp', 'spp', 'numeric'),
  plain('finished_price', 'finishedPrice', 'numeric'),
  plain('price_with_disc', 'priceWithDisc', 'numeric'),
  plain('sticker', 'sticker', 'text'),
  plain('g_number', 'gNumber', 'text'),
  plain('srid', 'srid', 'text'),
];

/** Reference 3.1: the cancelDate of an order that was not cancelled. */
const NOT_CANCELLED = '0001-01-01';

const CANCEL_DATE = `CASE WHEN ${ref('cancelDate')} LIKE '${NOT_CANCELLED}%' THEN NULL ELSE ${marketplaceInstantSql(ref('cancelDate'))} END`;

export const ORDER_COLUMNS = feedColumns(
  [...FEED_FIELDS, plain('is_cancel', 'isCancel', 'boolean'), computed('cancel_date', 'cancelDate', 'text', CANCEL_DATE)],
  { column: 'srid', field: 'srid' },
);

/**
 * Reference 3.2: the saleID prefix S is a sale, R a return. Older prefixes (D, A, B ...) are undocumented: the row is
 * kept, as a return when the marketplace pays the seller back less than nothing for it (forPay below 0), else as a sale.
 */
const SALE_KIND = `CASE WHEN ${ref('saleID')} LIKE 'S%' THEN 'sale' WHEN ${ref('saleID')} LIKE 'R%' THEN 'return' WHEN ${ref('forPay')} < 0 THEN 'return' ELSE 'sale' END`;

export const SALE_COLUMNS = feedColumns(
  [
    ...FEED_FIELDS,
    plain('sale_id', 'saleID', 'text'),
    plain('payment_sale_amount', 'paymentSaleAmount', 'integer'),
    plain('for_pay', 'forPay', 'numeric'),
  ],
  { column: 'sale_id', field: 'saleID' },
  [{ name: 'kind', value: SALE_KIND }],
);

/** Reference 4.1: the rows as report-rows.ts writes them; ids as decimal text into bigint, without a JS number. */
export const REPORT_COLUMNS = feedColumns(
  [
    plain('rrd_id', 'rrdId', 'bigint'),
    plain('report_id', 'reportId', 'bigint'),
    plain('date_from', 'dateFrom', 'text'),
    plain('date_to', 'dateTo', 'text'),
    plain('create_date', 'createDate', 'text'),
    plain('report_type', 'reportType', 'integer'),
    plain('nm_id', 'nmId', 'bigint'),
    plain('doc_type_name', 'docTypeName', 'text'),
    plain('seller_oper_name', 'sellerOperName', 'text'),
    plain('quantity', 'quantity', 'integer'),
    plain('order_dt', 'orderDt', 'timestamptz'),
    plain('sale_dt', 'saleDt', 'timestamptz'),
    plain('rr_date', 'rrDate', 'text'),
    plain('retail_amount', 'retailAmount', 'numeric'),
    plain('ppvz_sales_commission', 'ppvzSalesCommission', 'numeric'),
    plain('for_pay', 'forPay', 'numeric'),
    plain('delivery_service', 'deliveryService', 'numeric'),
    plain('paid_storage', 'paidStorage', 'numeric'),
    plain('penalty', 'penalty', 'numeric'),
    plain('deduction', 'deduction', 'numeric'),
    plain('srid', 'srid', 'text'),
    plain('row', 'row', 'jsonb'),
  ],
  { column: 'rrd_id', field: 'rrdId' },
);
