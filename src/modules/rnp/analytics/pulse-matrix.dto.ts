import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

import { DayField } from '../../../common/validation/day-field';
import { EnumField, QueryIntArrayField, UuidField } from '../../../common/validation/fields';
import { RNP_FLAGS, RNP_ORDER_SOURCES, RnpFlag, RnpOrderSource } from '../../../database/schema/rnp';
import { RNP_ITEMS_MAX, RnpItemDto } from '../lists/rnp-lists.dto';

/** The longest range a matrix covers, in days. */
export const PULSE_RANGE_MAX_DAYS = 92;
export const PULSE_GROUPS = ['day', 'week'] as const;
export type PulseGroup = (typeof PULSE_GROUPS)[number];

export class PulseMatrixQueryDto {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;

  @UuidField({
    optional: true,
    description: 'Список РнП: его товары с их планами. listId или nmIds, не оба; без них — товары всех списков кабинета',
  })
  listId?: string;

  @QueryIntArrayField({
    optional: true,
    min: 1,
    max: Number.MAX_SAFE_INTEGER,
    maxItems: RNP_ITEMS_MAX,
    description: `Или эти товары (nmId через запятую), до ${RNP_ITEMS_MAX}; план — из последнего изменённого товара списков кабинета`,
  })
  nmIds?: number[];

  @DayField({ description: 'С этого дня (по Москве) включительно' })
  dateFrom!: string;

  @DayField({ description: `По этот день (по Москве) включительно, не дальше ${PULSE_RANGE_MAX_DAYS} дней от dateFrom` })
  dateTo!: string;

  @EnumField(PULSE_GROUPS, { optional: true, description: 'day — по дням (по умолчанию), week — по неделям с понедельника' })
  groupBy: PulseGroup = 'day';
}

const numbers = (description: string) => ApiProperty({ type: 'array', items: { type: 'number', nullable: true }, description });
const booleans = (description: string) => ApiProperty({ type: 'array', items: { type: 'boolean' }, description });

/**
 * A SKU's days (or weeks) as columns, so that 1 000 SKUs × 30 days stay a few megabytes: element i of every array is the
 * range's i-th period. Money in roubles, percentages with at most 2 decimals, null where unknown.
 */
export class PulseCellsDto {
  @ApiProperty({ type: 'array', items: { type: 'string', format: 'date' }, description: 'День, или понедельник недели' })
  period!: string[];
  @ApiProperty({ type: [Number], description: 'Дней диапазона в ячейке' }) days!: number[];
  @numbers('Переходы в карточку') opens!: (number | null)[];
  @numbers('Добавления в корзину') cartAdds!: (number | null)[];
  @numbers('Заказы, шт.') ordersQty!: (number | null)[];
  @numbers('Заказы, ₽') ordersSum!: (number | null)[];
  @numbers('Выкупы, шт.') buyoutsQty!: (number | null)[];
  @numbers('Выкупы, ₽') buyoutsSum!: (number | null)[];
  @numbers('Отмены, шт.') cancelsQty!: (number | null)[];
  @numbers('Отмены, ₽') cancelsSum!: (number | null)[];
  @numbers('Конверсия в корзину, % (недели — по суммам)') addToCartPct!: (number | null)[];
  @numbers('Конверсия корзины в заказ, %') cartToOrderPct!: (number | null)[];
  @numbers('Процент выкупа') buyoutPct!: (number | null)[];
  @numbers('Расход на рекламу, ₽') adSpend!: (number | null)[];
  @numbers('Показы') adViews!: (number | null)[];
  @numbers('Клики') adClicks!: (number | null)[];
  @numbers('CTR, %') ctrPct!: (number | null)[];
  @numbers('Цена клика, ₽') cpc!: (number | null)[];
  @numbers('ДРР: расход ÷ заказы ₽, %') drrPct!: (number | null)[];
  @numbers('Цена для покупателя на конец дня (последнего дня недели с ценой), ₽') price!: (number | null)[];
  @numbers('Остаток по снимку дня (последнего дня недели со снимком)') stock!: (number | null)[];
  @numbers('Дней запаса') daysOfCover!: (number | null)[];
  @numbers('Средняя оценка отзывов') rating!: (number | null)[];
  @numbers('Отзывов') feedbacks!: (number | null)[];
  @numbers('Отзывов на 1–2 звезды') badReviews!: (number | null)[];
  @numbers('План заказов за дни ячейки в сроке плана, шт.; null — плана заказов нет') planOrders!: (number | null)[];
  @numbers('Выполнение плана заказов, %') planCompletionPct!: (number | null)[];
  @ApiProperty({
    type: 'array',
    items: { type: 'string', enum: [...RNP_ORDER_SOURCES], nullable: true },
    description: 'Откуда заказы: funnel — воронка маркетплейса, orders — импорт заказов, пока воронки нет; null — ничего',
  })
  ordersSource!: (RnpOrderSource | null)[];
  @ApiProperty({ type: 'array', items: { type: 'array', items: { type: 'string', enum: [...RNP_FLAGS] } }, description: 'Отметки ячейки' })
  flags!: RnpFlag[][];
  @booleans('Воронка маркетплейса пришла за все дни ячейки') hasFunnel!: boolean[];
  @booleans('Статистика рекламы покрывает все дни ячейки') hasAds!: boolean[];
  @booleans('Цена известна за все дни ячейки') hasPrice!: boolean[];
  @booleans('Снимок остатков есть за все дни ячейки') hasStock!: boolean[];
  @ApiProperty({ type: [Number], description: 'Версия воронки (последнего дня): 0 — ещё нет, больше 1 — маркетплейс её переписывал' })
  version!: number[];
}

export class PulseRowDto {
  @ApiProperty() nmId!: number;
  @ApiProperty() title!: string;
  @ApiProperty() vendorCode!: string;
  @ApiProperty() brand!: string;
  @ApiPropertyOptional({ type: RnpItemDto, nullable: true, description: 'Товар списка с планом; null — товар ни в одном списке' })
  plan!: RnpItemDto | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Заказы за период, шт.' }) ordersQty!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'План заказов за период' }) planOrders!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Выполнение плана за период, %' }) planCompletionPct!: number | null;
  @ApiProperty({ type: PulseCellsDto }) cells!: PulseCellsDto;
}

export class PulseMatrixDto {
  @ApiProperty({ format: 'uuid' }) mpAccountId!: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) listId!: string | null;
  @ApiProperty({ type: 'string', format: 'date' }) dateFrom!: string;
  @ApiProperty({ type: 'string', format: 'date' }) dateTo!: string;
  @ApiProperty({ enum: PULSE_GROUPS }) groupBy!: PulseGroup;
  @ApiProperty({ type: [PulseRowDto], description: 'По nmId' }) items!: PulseRowDto[];
}
