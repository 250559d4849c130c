import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayUnique } from 'class-validator';

import { SortablePaginationQueryDto } from '../../common/http/pagination.dto';
import { IntField, NestedArrayField, QueryBooleanField, QueryIntField, UuidField } from '../../common/validation/fields';
import type { BulkJobKind, BulkJobStatus, PriceChangeSource } from '../../database/schema/pricing';
import { UPLOAD_MAX_ITEMS } from './price-upload';

/** The price column is a 4-byte integer; the spec sets only the lower bound. */
const PRICE_MAX = 2_147_483_647;

const NmIdField = () => IntField({ min: 1, max: Number.MAX_SAFE_INTEGER, description: 'Артикул маркетплейса (nmID)', example: 123456789 });
const PriceField = () => IntField({ min: 1, max: PRICE_MAX, description: 'Цена до скидки, целые рубли, не меньше 1', example: 1990 });
const DiscountField = (optional = false) =>
  IntField({ optional, min: 0, max: 99, description: 'Скидка продавца, целые проценты от 0 до 99; 0 убирает скидку', example: 15 });
const AccountField = () => UuidField({ description: 'Кабинет' });

/** Items of one request: 1 to 1000, each nmID once (rule arrayUnique on items). */
function BulkItemsField(type: () => new () => object): PropertyDecorator {
  return applyDecorators(
    NestedArrayField(type, {
      maxItems: UPLOAD_MAX_ITEMS,
      description: `От 1 до ${UPLOAD_MAX_ITEMS} товаров, каждый nmID не больше одного раза`,
    }),
    ArrayUnique((item: { nmID?: unknown } | null) => item?.nmID ?? item),
  );
}

export class PriceSetDto {
  @AccountField() mpAccountId!: string;
  @NmIdField() nmID!: number;
  @PriceField() price!: number;
  @DiscountField(true) discount?: number;
}

export class DiscountSetDto {
  @AccountField() mpAccountId!: string;
  @NmIdField() nmID!: number;
  @DiscountField() discount!: number;
}

export class PriceBulkItemDto {
  @NmIdField() nmID!: number;
  @PriceField() price!: number;
  @DiscountField(true) discount?: number;
}

export class DiscountBulkItemDto {
  @NmIdField() nmID!: number;
  @DiscountField() discount!: number;
}

export class PriceBulkCreateDto {
  @AccountField() mpAccountId!: string;
  @BulkItemsField(() => PriceBulkItemDto) items!: PriceBulkItemDto[];
}

export class DiscountBulkCreateDto {
  @AccountField() mpAccountId!: string;
  @BulkItemsField(() => DiscountBulkItemDto) items!: DiscountBulkItemDto[];
}

export class PriceTaskDto {
  @ApiProperty({ description: 'Номер загрузки (taskId) у маркетплейса: загрузка принята, применение цены не отслеживается' })
  taskId!: number;
}

export class PriceBulkAcceptedDto {
  @ApiProperty({ format: 'uuid' }) bulkJobId!: string;
}

export class PriceBulkCountersDto {
  @ApiProperty({ description: 'Товаров в задаче' }) items!: number;
  @ApiProperty({ description: `Загрузок (пакетов до ${UPLOAD_MAX_ITEMS} товаров), на которые делится задача` }) chunks!: number;
  @ApiProperty({ description: 'Пакетов, принятых маркетплейсом' }) accepted!: number;
  @ApiProperty({ description: 'Пакетов, отклонённых маркетплейсом' }) rejected!: number;
}

export class PriceBulkChunkDto {
  @ApiProperty({ description: 'Номер пакета, с 0' }) index!: number;
  @ApiProperty({ description: 'Товаров в пакете' }) items!: number;
  @ApiPropertyOptional({ description: 'Номер загрузки у маркетплейса, когда пакет принят' }) taskId?: number;
  @ApiPropertyOptional({ description: 'Текст отказа маркетплейса (или причина, по которой пакет не отправлен)' }) errorText?: string;
}

export class PriceBulkRejectedItemDto {
  @ApiProperty({ description: 'Номер пакета, с 0' }) chunkIndex!: number;
  @ApiProperty() nmId!: number;
  @ApiProperty({ description: 'Текст маркетплейса: почему он не применил цену или скидку товара' }) errorText!: string;
}

export const BULK_CONFIRMATIONS = ['pending', 'complete', 'timed_out'] as const;
export type BulkConfirmation = (typeof BULK_CONFIRMATIONS)[number];

export class PriceBulkResultDto {
  @ApiProperty({ type: [PriceBulkChunkDto], description: 'Отправленные пакеты по порядку' }) chunks!: PriceBulkChunkDto[];
  @ApiProperty({
    enum: BULK_CONFIRMATIONS,
    description:
      'Что маркетплейс сообщил о товарах принятых пакетов. pending: задача ещё спрашивает; complete: о каждом принятом пакете ' +
      'известно, какие товары не приняты; timed_out: время ожидания вышло, товары неподтверждённых пакетов — «не подтверждено»',
  })
  confirmation!: BulkConfirmation;
  @ApiProperty({ description: 'Товаров, цену или скидку которых маркетплейс не применил' }) itemsRejected!: number;
  @ApiProperty({ description: 'Товаров принятых пакетов, о которых маркетплейс ещё не сообщил (не подтверждено)' })
  itemsUnconfirmed!: number;
  @ApiProperty({ type: [PriceBulkRejectedItemDto], description: 'Товары, которые маркетплейс не принял, с его текстом' })
  rejectedItems!: PriceBulkRejectedItemDto[];
}

/** A bulk job's state and counters, as the list of an account's jobs shows it. */
export class PriceBulkJobDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: ['price', 'discount'] }) kind!: BulkJobKind;
  @ApiProperty({
    enum: ['pending', 'active', 'completed', 'failed'],
    description: 'completed: все пакеты отправлены, даже если часть отклонена',
  })
  status!: BulkJobStatus;
  @ApiProperty() counters!: PriceBulkCountersDto;
  @ApiProperty() createdAt!: Date;
  @ApiProperty({ nullable: true, type: Date }) startedAt!: Date | null;
  @ApiProperty({ nullable: true, type: Date }) finishedAt!: Date | null;
}

export class PriceBulkReportDto extends PriceBulkJobDto {
  @ApiProperty() result!: PriceBulkResultDto;
}

export const PRICE_BULK_SORT_FIELDS = ['createdAt'] as const;

export class PriceBulkListQueryDto extends SortablePaginationQueryDto(PRICE_BULK_SORT_FIELDS, {
  sortBy: 'createdAt',
  sortDirection: 'desc',
}) {
  @AccountField() mpAccountId!: string;
  @QueryBooleanField({ optional: true, description: 'true — только задачи, где маркетплейс отклонил хотя бы один пакет' })
  rejected?: boolean;
}

export const PRICE_HISTORY_SORT_FIELDS = ['createdAt'] as const;

export class PriceHistoryQueryDto extends SortablePaginationQueryDto(PRICE_HISTORY_SORT_FIELDS, {
  sortBy: 'createdAt',
  sortDirection: 'desc',
}) {
  @AccountField() mpAccountId!: string;
  @QueryIntField({ optional: true, min: 1, description: 'Только изменения этого товара' }) nmId?: number;
}

export class PriceHistoryItemDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() nmId!: number;
  @ApiProperty({ nullable: true, type: Number, description: 'Цена до изменения, руб.' }) oldPrice!: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Цена после изменения, руб.' }) newPrice!: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Скидка до изменения, %' }) oldDiscount!: number | null;
  @ApiProperty({
    nullable: true,
    type: Number,
    description: 'Скидка, которую задало изменение, %; null — изменение скидку не задавало (осталась прежней)',
  })
  newDiscount!: number | null;
  @ApiProperty({ enum: ['manual', 'bulk', 'repricer'] }) source!: PriceChangeSource;
  @ApiProperty({ nullable: true, type: Number, description: 'Номер загрузки у маркетплейса' }) taskId!: number | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid', description: 'Кто изменил (для ручных и пакетных изменений)' }) userId!:
    string | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) bulkJobId!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) repricerRunId!: string | null;
  @ApiProperty() createdAt!: Date;
}
