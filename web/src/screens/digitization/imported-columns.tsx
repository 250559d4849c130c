import { day, dayRange, moscowDay, number, roubles } from '@shared/format';

import type { components } from '../../api/schema';
import type { Column } from './RowsTable';

type Order = components['schemas']['DigitizationOrderItemDto'];
type Sale = components['schemas']['DigitizationSaleItemDto'];
type ReportRow = components['schemas']['DigitizationReportRowItemDto'];

const ORDER_COLUMNS: Column<Order>[] = [
  { header: 'Дата заказа', cell: (order) => moscowDay(order.date) },
  { header: 'nmID', cell: (order) => order.nmId },
  { header: 'Артикул продавца', cell: (order) => order.supplierArticle },
  { header: 'Бренд', cell: (order) => order.brand },
  { header: 'Склад', cell: (order) => order.warehouseName },
  { header: 'Цена со скидкой', cell: (order) => roubles(order.priceWithDisc) },
  { header: 'Отменён', cell: (order) => (order.isCancel ? 'да' : 'нет') },
];

const SALE_COLUMNS: Column<Sale>[] = [
  { header: 'Дата', cell: (sale) => moscowDay(sale.date) },
  { header: 'Вид', cell: (sale) => (sale.kind === 'return' ? 'Возврат' : 'Продажа') },
  { header: 'nmID', cell: (sale) => sale.nmId },
  { header: 'Артикул продавца', cell: (sale) => sale.supplierArticle },
  { header: 'Цена со скидкой', cell: (sale) => roubles(sale.priceWithDisc) },
  { header: 'К перечислению', cell: (sale) => roubles(sale.forPay) },
];

const REPORT_COLUMNS: Column<ReportRow>[] = [
  { header: 'Дата операции', cell: (row) => day(row.rrDate) },
  { header: 'Отчёт', cell: (row) => dayRange(row.dateFrom, row.dateTo) },
  { header: 'Документ', cell: (row) => row.docTypeName },
  { header: 'Обоснование', cell: (row) => row.sellerOperName },
  { header: 'nmID', cell: (row) => row.nmId },
  { header: 'Кол-во', cell: (row) => number(row.quantity) },
  { header: 'Розничная сумма', cell: (row) => roubles(row.retailAmount) },
  { header: 'К перечислению', cell: (row) => roubles(row.forPay) },
  { header: 'Логистика', cell: (row) => roubles(row.deliveryService) },
];

/** Each list of imported rows: its route, its name and its columns. */
export const ORDER_ROWS = {
  path: '/digitization/orders',
  label: 'Заказы',
  columns: ORDER_COLUMNS,
  rowKey: (order: Order) => order.srid,
} as const;
export const SALE_ROWS = {
  path: '/digitization/sales',
  label: 'Продажи и возвраты',
  columns: SALE_COLUMNS,
  rowKey: (sale: Sale) => sale.saleId,
} as const;
export const REPORT_ROWS = {
  path: '/digitization/financial-report',
  label: 'Строки отчёта о реализации',
  columns: REPORT_COLUMNS,
  rowKey: (row: ReportRow) => row.rrdId,
} as const;
