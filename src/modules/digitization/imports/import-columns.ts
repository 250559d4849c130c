/** A column an import writes: its name in the table, its key in the page's JSON, its PostgreSQL type. */
export interface ImportColumn {
  name: string;
  key: string;
  type: string;
}

const column = (name: string, key: string, type: string): ImportColumn => ({ name, key, type });

/** Reference 3.1, 3.2: the columns orders and sales share (schema/digitization.ts). */
const FEED_COLUMNS = [
  column('date', 'date', 'timestamptz'),
  column('last_change_date', 'lastChangeDate', 'timestamptz'),
  column('warehouse_name', 'warehouseName', 'text'),
  column('warehouse_type', 'warehouseType', 'text'),
  column('country_name', 'countryName', 'text'),
  column('oblast_okrug_name', 'oblastOkrugName', 'text'),
  column('region_name', 'regionName', 'text'),
  column('supplier_article', 'supplierArticle', 'text'),
  column('nm_id', 'nmId', 'bigint'),
  column('barcode', 'barcode', 'text'),
  column('category', 'category', 'text'),
  column('subject', 'subject', 'text'),
  column('brand', 'brand', 'text'),
  column('tech_size', 'techSize', 'text'),
  column('income_id', 'incomeId', 'bigint'),
  column('is_supply', 'isSupply', 'boolean'),
  column('is_realization', 'isRealization', 'boolean'),
  column('total_price', 'totalPrice', 'numeric'),
  column('discount_percent', 'discountPercent', 'integer'),
  column('spp', 'spp', 'numeric'),
  column('finished_price', 'finishedPrice', 'numeric'),
  column('price_with_disc', 'priceWithDisc', 'numeric'),
  column('sticker', 'sticker', 'text'),
  column('g_number', 'gNumber', 'text'),
  column('srid', 'srid', 'text'),
];

export const ORDER_COLUMNS = [
  ...FEED_COLUMNS,
  column('is_cancel', 'isCancel', 'boolean'),
  column('cancel_date', 'cancelDate', 'timestamptz'),
];

export const SALE_COLUMNS = [
  ...FEED_COLUMNS,
  column('sale_id', 'saleId', 'text'),
  column('kind', 'kind', 'text'),
  column('payment_sale_amount', 'paymentSaleAmount', 'integer'),
  column('for_pay', 'forPay', 'numeric'),
];

/** Reference 4.1: ids as decimal text into bigint, without a JS number in between. */
export const REPORT_COLUMNS = [
  column('rrd_id', 'rrdId', 'bigint'),
  column('report_id', 'reportId', 'bigint'),
  column('date_from', 'dateFrom', 'text'),
  column('date_to', 'dateTo', 'text'),
  column('create_date', 'createDate', 'text'),
  column('report_type', 'reportType', 'integer'),
  column('nm_id', 'nmId', 'bigint'),
  column('doc_type_name', 'docTypeName', 'text'),
  column('seller_oper_name', 'sellerOperName', 'text'),
  column('quantity', 'quantity', 'integer'),
  column('order_dt', 'orderDt', 'timestamptz'),
  column('sale_dt', 'saleDt', 'timestamptz'),
  column('rr_date', 'rrDate', 'text'),
  column('retail_amount', 'retailAmount', 'numeric'),
  column('ppvz_sales_commission', 'ppvzSalesCommission', 'numeric'),
  column('for_pay', 'forPay', 'numeric'),
  column('delivery_service', 'deliveryService', 'numeric'),
  column('paid_storage', 'paidStorage', 'numeric'),
  column('penalty', 'penalty', 'numeric'),
  column('deduction', 'deduction', 'numeric'),
  column('srid', 'srid', 'text'),
  column('row', 'row', 'jsonb'),
];
