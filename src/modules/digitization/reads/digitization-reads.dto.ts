import { ApiProperty } from '@nestjs/swagger';

import { SortablePaginationQueryDto, SortDirection } from '../../../common/http/pagination.dto';
import { DayField } from '../../../common/validation/day-field';
import { EnumField, QueryIntField, UuidField } from '../../../common/validation/fields';
import { SALE_KINDS, type SaleKind } from '../../../database/schema/digitization';

/** The filters every list of digitized rows takes: the account, a day range (both days included) and an article. */
function DigitizedListQueryDto<F extends string>(
  fields: readonly F[],
  defaults: { sortBy: F; sortDirection: SortDirection },
  dated: string,
) {
  class DigitizedListQuery extends SortablePaginationQueryDto(fields, defaults) {
    @UuidField({ description: 'Кабинет' }) mpAccountId!: string;
    @DayField({ optional: true, description: `С этого дня (${dated}, по Москве, включительно)` }) from?: string;
    @DayField({ optional: true, description: `По этот день (${dated}, по Москве, включительно)` }) to?: string;
    @QueryIntField({ optional: true, min: 1, max: Number.MAX_SAFE_INTEGER, description: 'Артикул маркетплейса (nmId)' }) nmId?: number;
  }
  return DigitizedListQuery;
}

export const ORDER_SORT_FIELDS = ['date', 'lastChangeDate', 'nmId', 'totalPrice', 'priceWithDisc', 'finishedPrice'] as const;
export type OrderSortField = (typeof ORDER_SORT_FIELDS)[number];

export class DigitizationOrderListQueryDto extends DigitizedListQueryDto(
  ORDER_SORT_FIELDS,
  { sortBy: 'date', sortDirection: 'desc' },
  'дата заказа',
) {}

export const SALE_SORT_FIELDS = [...ORDER_SORT_FIELDS, 'forPay'] as const;
export type SaleSortField = (typeof SALE_SORT_FIELDS)[number];

export class DigitizationSaleListQueryDto extends DigitizedListQueryDto(
  SALE_SORT_FIELDS,
  { sortBy: 'date', sortDirection: 'desc' },
  'дата продажи или возврата',
) {
  @EnumField(SALE_KINDS, { optional: true, description: 'sale — только продажи, return — только возвраты; без него — и те и другие' })
  kind?: SaleKind;
}

export const REPORT_SORT_FIELDS = ['rrDate', 'rrdId', 'nmId', 'retailAmount', 'forPay'] as const;
export type ReportSortField = (typeof REPORT_SORT_FIELDS)[number];

export class DigitizationReportListQueryDto extends DigitizedListQueryDto(
  REPORT_SORT_FIELDS,
  { sortBy: 'rrDate', sortDirection: 'desc' },
  'дата операции rrDate',
) {}

const MONEY = { type: Number, description: 'Рубли с копейками, как их дал маркетплейс' };
const MOMENT = { description: 'Момент (маркетплейс пишет московское время без зоны)' };

/** What orders and sales share (reference 3.1, 3.2). */
class FeedItemDto {
  @ApiProperty(MOMENT) date!: Date;
  @ApiProperty(MOMENT) lastChangeDate!: Date;
  @ApiProperty() nmId!: number;
  @ApiProperty() supplierArticle!: string;
  @ApiProperty() barcode!: string;
  @ApiProperty() techSize!: string;
  @ApiProperty() brand!: string;
  @ApiProperty() subject!: string;
  @ApiProperty() category!: string;
  @ApiProperty() warehouseName!: string;
  @ApiProperty() warehouseType!: string;
  @ApiProperty() countryName!: string;
  @ApiProperty() oblastOkrugName!: string;
  @ApiProperty() regionName!: string;
  @ApiProperty() incomeId!: number;
  @ApiProperty() isSupply!: boolean;
  @ApiProperty() isRealization!: boolean;
  @ApiProperty(MONEY) totalPrice!: number;
  @ApiProperty() discountPercent!: number;
  @ApiProperty({ type: Number, description: 'Скидка постоянного покупателя (СПП), %' }) spp!: number;
  @ApiProperty(MONEY) finishedPrice!: number;
  @ApiProperty(MONEY) priceWithDisc!: number;
  @ApiProperty() sticker!: string;
  @ApiProperty() gNumber!: string;
  @ApiProperty({ description: 'Уникальный идентификатор заказа' }) srid!: string;
}

export class DigitizationOrderItemDto extends FeedItemDto {
  @ApiProperty() isCancel!: boolean;
  @ApiProperty({ type: Date, nullable: true, description: 'Момент отмены; null — заказ не отменён' }) cancelDate!: Date | null;
}

export class DigitizationSaleItemDto extends FeedItemDto {
  @ApiProperty({ description: 'saleID: S — продажа, R — возврат' }) saleId!: string;
  @ApiProperty({ enum: SALE_KINDS }) kind!: SaleKind;
  @ApiProperty({ description: 'Скидка за счёт кошелька маркетплейса, рубли' }) paymentSaleAmount!: number;
  @ApiProperty(MONEY) forPay!: number;
}

const ID = { description: 'Целое число строкой: может превышать 2^53', example: '9007199254740993' };

export class DigitizationReportRowItemDto {
  @ApiProperty(ID) rrdId!: string;
  @ApiProperty(ID) reportId!: string;
  @ApiProperty({ format: 'date', description: 'Первый день отчёта' }) dateFrom!: string;
  @ApiProperty({ format: 'date', description: 'Последний день отчёта' }) dateTo!: string;
  @ApiProperty({ format: 'date' }) createDate!: string;
  @ApiProperty({ description: '1 — основной, 2 — по выкупам, 3 — по выкупам (Грузия)' }) reportType!: number;
  @ApiProperty() nmId!: number;
  @ApiProperty({ description: 'Тип документа: Продажа, Возврат…' }) docTypeName!: string;
  @ApiProperty({ description: 'Обоснование для оплаты' }) sellerOperName!: string;
  @ApiProperty() quantity!: number;
  @ApiProperty({ type: Date, nullable: true }) orderDt!: Date | null;
  @ApiProperty({ type: Date, nullable: true }) saleDt!: Date | null;
  @ApiProperty({ format: 'date', description: 'Дата операции' }) rrDate!: string;
  @ApiProperty(MONEY) retailAmount!: number;
  @ApiProperty(MONEY) ppvzSalesCommission!: number;
  @ApiProperty({ ...MONEY, description: 'К перечислению продавцу (ppvz_for_pay), рубли с копейками' }) forPay!: number;
  @ApiProperty(MONEY) deliveryService!: number;
  @ApiProperty(MONEY) paidStorage!: number;
  @ApiProperty(MONEY) penalty!: number;
  @ApiProperty(MONEY) deduction!: number;
  @ApiProperty() srid!: string;
}
