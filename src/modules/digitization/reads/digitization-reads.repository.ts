import { Inject, Injectable } from '@nestjs/common';
import { and, count, eq, gte, lte, SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

import type { Page } from '../../../common/http/pagination.dto';
import { MOSCOW_TZ } from '../../../common/time/moscow-time';
import { DATABASE, Database } from '../../../database/database.tokens';
import { sortedPage, SortedPageRequest } from '../../../database/query-page';
import { mpOrders, mpSales, realisationReportRows } from '../../../database/schema';
import type { SaleKind } from '../../../database/schema/digitization';
import type {
  DigitizationOrderItemDto,
  DigitizationReportRowItemDto,
  DigitizationSaleItemDto,
  OrderSortField,
  ReportSortField,
  SaleSortField,
} from './digitization-reads.dto';

/** A list's filters: the account, Moscow days (both included) and an article. */
interface DigitizedListFilter<F extends string> extends SortedPageRequest<F> {
  accountId: string;
  from?: string;
  to?: string;
  nmId?: number;
}

export interface SaleListFilter extends DigitizedListFilter<SaleSortField> {
  kind?: SaleKind;
}

/** numeric arrives from pg as its decimal text; Number() of at most 15 digits gives the double JSON writes back as them. */
function money(column: AnyPgColumn): SQL<number> {
  return sql<number>`${column}`.mapWith(Number);
}

/** A bigint id as its digits: it can exceed 2^53. */
function idText(column: AnyPgColumn): SQL<string> {
  return sql<string>`${column}::text`;
}

/** The Moscow days [from, to] of a moment column, both days whole. */
function moscowDays(column: AnyPgColumn, from?: string, to?: string): (SQL | undefined)[] {
  return [
    from === undefined ? undefined : sql`${column} >= (${from}::date::timestamp AT TIME ZONE ${MOSCOW_TZ})`,
    to === undefined ? undefined : sql`${column} < ((${to}::date + 1)::timestamp AT TIME ZONE ${MOSCOW_TZ})`,
  ];
}

type FeedTable = typeof mpOrders | typeof mpSales;

/** The columns orders and sales share, money as numbers. */
function feedItem(table: FeedTable) {
  return {
    date: table.date,
    lastChangeDate: table.lastChangeDate,
    nmId: table.nmId,
    supplierArticle: table.supplierArticle,
    barcode: table.barcode,
    techSize: table.techSize,
    brand: table.brand,
    subject: table.subject,
    category: table.category,
    warehouseName: table.warehouseName,
    warehouseType: table.warehouseType,
    countryName: table.countryName,
    oblastOkrugName: table.oblastOkrugName,
    regionName: table.regionName,
    incomeId: table.incomeId,
    isSupply: table.isSupply,
    isRealization: table.isRealization,
    totalPrice: money(table.totalPrice),
    discountPercent: table.discountPercent,
    spp: money(table.spp),
    finishedPrice: money(table.finishedPrice),
    priceWithDisc: money(table.priceWithDisc),
    sticker: table.sticker,
    gNumber: table.gNumber,
    srid: table.srid,
  };
}

function feedSortColumns(table: FeedTable) {
  return {
    date: table.date,
    lastChangeDate: table.lastChangeDate,
    nmId: table.nmId,
    totalPrice: table.totalPrice,
    priceWithDisc: table.priceWithDisc,
    finishedPrice: table.finishedPrice,
  };
}

function feedWhere(table: FeedTable, filter: DigitizedListFilter<string>): (SQL | undefined)[] {
  return [
    eq(table.mpAccountId, filter.accountId),
    ...moscowDays(table.date, filter.from, filter.to),
    filter.nmId === undefined ? undefined : eq(table.nmId, filter.nmId),
  ];
}

const REPORT_ROW_ITEM = {
  rrdId: idText(realisationReportRows.rrdId),
  reportId: idText(realisationReportRows.reportId),
  dateFrom: realisationReportRows.dateFrom,
  dateTo: realisationReportRows.dateTo,
  createDate: realisationReportRows.createDate,
  reportType: realisationReportRows.reportType,
  nmId: realisationReportRows.nmId,
  docTypeName: realisationReportRows.docTypeName,
  sellerOperName: realisationReportRows.sellerOperName,
  quantity: realisationReportRows.quantity,
  orderDt: realisationReportRows.orderDt,
  saleDt: realisationReportRows.saleDt,
  rrDate: realisationReportRows.rrDate,
  retailAmount: money(realisationReportRows.retailAmount),
  ppvzSalesCommission: money(realisationReportRows.ppvzSalesCommission),
  forPay: money(realisationReportRows.forPay),
  deliveryService: money(realisationReportRows.deliveryService),
  paidStorage: money(realisationReportRows.paidStorage),
  penalty: money(realisationReportRows.penalty),
  deduction: money(realisationReportRows.deduction),
  srid: realisationReportRows.srid,
};

const REPORT_SORT_COLUMNS: Record<ReportSortField, AnyPgColumn> = {
  rrDate: realisationReportRows.rrDate,
  rrdId: realisationReportRows.rrdId,
  nmId: realisationReportRows.nmId,
  retailAmount: realisationReportRows.retailAmount,
  forPay: realisationReportRows.forPay,
};

/** The lists of digitized orders, sales and returns, and realisation report rows of one account. */
@Injectable()
export class DigitizationReadsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  findOrderPage(filter: DigitizedListFilter<OrderSortField>): Promise<Page<DigitizationOrderItemDto>> {
    const where = and(...feedWhere(mpOrders, filter));
    return sortedPage(
      filter,
      { columns: feedSortColumns(mpOrders), tiebreaker: mpOrders.srid },
      this.db
        .select({ ...feedItem(mpOrders), isCancel: mpOrders.isCancel, cancelDate: mpOrders.cancelDate })
        .from(mpOrders)
        .where(where)
        .$dynamic(),
      this.db.select({ total: count() }).from(mpOrders).where(where),
    );
  }

  findSalePage(filter: SaleListFilter): Promise<Page<DigitizationSaleItemDto>> {
    const where = and(...feedWhere(mpSales, filter), filter.kind === undefined ? undefined : eq(mpSales.kind, filter.kind));
    return sortedPage(
      filter,
      { columns: { ...feedSortColumns(mpSales), forPay: mpSales.forPay }, tiebreaker: mpSales.saleId },
      this.db
        .select({
          ...feedItem(mpSales),
          saleId: mpSales.saleId,
          kind: mpSales.kind,
          paymentSaleAmount: mpSales.paymentSaleAmount,
          forPay: money(mpSales.forPay),
        })
        .from(mpSales)
        .where(where)
        .$dynamic(),
      this.db.select({ total: count() }).from(mpSales).where(where),
    );
  }

  /** Report rows by their operation day rrDate (a Moscow date, written as the marketplace gave it). */
  findReportPage(filter: DigitizedListFilter<ReportSortField>): Promise<Page<DigitizationReportRowItemDto>> {
    const where = and(
      eq(realisationReportRows.mpAccountId, filter.accountId),
      filter.from === undefined ? undefined : gte(realisationReportRows.rrDate, filter.from),
      filter.to === undefined ? undefined : lte(realisationReportRows.rrDate, filter.to),
      filter.nmId === undefined ? undefined : eq(realisationReportRows.nmId, filter.nmId),
    );
    return sortedPage(
      filter,
      { columns: REPORT_SORT_COLUMNS, tiebreaker: realisationReportRows.rrdId },
      this.db.select(REPORT_ROW_ITEM).from(realisationReportRows).where(where).$dynamic(),
      this.db.select({ total: count() }).from(realisationReportRows).where(where),
    );
  }
}
