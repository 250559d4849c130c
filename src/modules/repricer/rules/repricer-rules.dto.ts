import { ApiProperty, OmitType, PartialType } from '@nestjs/swagger';

import { PageMetaDto, SortablePaginationQueryDto } from '../../../common/http/pagination.dto';
import {
  BooleanField,
  DecimalField,
  EnumField,
  IntField,
  QueryBooleanField,
  SearchTextField,
  StringField,
  UuidField,
} from '../../../common/validation/fields';
import {
  REPRICER_ACTIONS,
  REPRICER_METRICS,
  REPRICER_OPERATORS,
  REPRICER_SCOPES,
  RepricerAction,
  RepricerMetric,
  RepricerOperator,
  RepricerScope,
} from '../../../database/schema';
import { FORM_METRIC_IDS, FormMetricId } from '../../../shared/repricer/repricer-form';
import { ACTION_VALUE_LIMIT, CONDITION_VALUE_LIMIT, DECIMAL_PLACES, PRICE_LIMIT_MAX } from '../../../shared/repricer/repricer-rule-limits';
import { RepricerScheduleDto } from './repricer-service-schedule';

const PriceBoundField = (description: string) => IntField({ optional: true, nullable: true, min: 1, max: PRICE_LIMIT_MAX, description });

export class RepricerRuleCreateDto {
  @UuidField({ description: 'Кабинет; после создания не меняется' })
  mpAccountId!: string;

  @StringField({ maxLength: 200, trim: true, example: 'Снизить цену при большом остатке' })
  name!: string;

  @EnumField(REPRICER_METRICS, {
    description:
      'stock_days — остаток в днях продаж; sales_rank — место в рейтинге продаж категории; margin_pct — маржа, %; price_gap_pct — отклонение цены от средней цены конкурентов, %',
  })
  conditionMetric!: RepricerMetric;

  @EnumField(FORM_METRIC_IDS, {
    optional: true,
    nullable: true,
    description:
      'Подпись показателя в форме приложения (правило 9): marketplace_stock → stock_days, orders_7d → sales_rank, margin_pct → margin_pct, ' +
      'buyout_pct и current_price → price_gap_pct; должна соответствовать conditionMetric. Без неё правило читается всеми подписями показателя. ' +
      'Смена conditionMetric без conditionLabel сбрасывает несоответствующую подпись',
  })
  conditionLabel?: FormMetricId | null;

  @EnumField(REPRICER_OPERATORS, { description: 'lte — не больше, gte — не меньше, always — без условия' })
  conditionOperator!: RepricerOperator;

  @DecimalField({
    optional: true,
    min: -CONDITION_VALUE_LIMIT,
    max: CONDITION_VALUE_LIMIT,
    places: DECIMAL_PLACES,
    description: 'Порог; обязателен, кроме оператора always (для него не хранится)',
  })
  conditionValue?: number | null;

  @EnumField(REPRICER_ACTIONS, { description: 'absolute — в рублях, percent — в процентах' })
  actionType!: RepricerAction;

  @DecimalField({
    min: -ACTION_VALUE_LIMIT,
    max: ACTION_VALUE_LIMIT,
    places: DECIMAL_PLACES,
    description: 'Больше нуля повышает цену, меньше — снижает; percent от -99 до 500, absolute — целые рубли, не 0',
  })
  actionValue!: number;

  @PriceBoundField('Нижняя граница новой цены, целые рубли, не меньше 1')
  minPrice?: number | null;

  @PriceBoundField('Верхняя граница новой цены, целые рубли; не меньше minPrice')
  maxPrice?: number | null;

  @EnumField(REPRICER_SCOPES, { description: 'sku — один товар, brand — бренд, list — список товаров' })
  scope!: RepricerScope;

  @StringField({
    maxLength: 20_000,
    description: 'sku — nmID строкой; brand — название бренда как на маркетплейсе; list — JSON-массив nmID текстом (1–1000)',
    example: '123456789',
  })
  scopeValue!: string;

  @BooleanField({ optional: true, description: 'По умолчанию true' })
  isActive?: boolean;
}

/** A partial rule; null is a value only for conditionValue, minPrice and maxPrice. mpAccountId is an unknown field here. */
export class RepricerRuleUpdateDto extends PartialType(OmitType(RepricerRuleCreateDto, ['mpAccountId'] as const), {
  skipNullProperties: false,
}) {}

export const REPRICER_RULE_SORT_FIELDS = ['createdAt', 'name'] as const;

export class RepricerRuleListQueryDto extends SortablePaginationQueryDto(REPRICER_RULE_SORT_FIELDS, {
  sortBy: 'createdAt',
  sortDirection: 'asc',
}) {
  @UuidField()
  mpAccountId!: string;

  @EnumField(REPRICER_SCOPES, { optional: true })
  scope?: RepricerScope;

  @QueryBooleanField({ optional: true })
  isActive?: boolean;

  @SearchTextField('Подстрока названия правила, без учёта регистра')
  q?: string;
}

export class RepricerRuleResponseDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) mpAccountId!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: REPRICER_METRICS }) conditionMetric!: RepricerMetric;
  @ApiProperty({ enum: FORM_METRIC_IDS, nullable: true, description: 'Подпись показателя, выбранная в форме; null — не выбрана' })
  conditionLabel!: FormMetricId | null;
  @ApiProperty({ enum: REPRICER_OPERATORS }) conditionOperator!: RepricerOperator;
  @ApiProperty({ type: 'number', nullable: true }) conditionValue!: number | null;
  @ApiProperty({ enum: REPRICER_ACTIONS }) actionType!: RepricerAction;
  @ApiProperty() actionValue!: number;
  @ApiProperty({ type: 'integer', nullable: true }) minPrice!: number | null;
  @ApiProperty({ type: 'integer', nullable: true }) maxPrice!: number | null;
  @ApiProperty({ enum: REPRICER_SCOPES }) scope!: RepricerScope;
  @ApiProperty() scopeValue!: string;
  @ApiProperty() isActive!: boolean;
  @ApiProperty() createdAt!: Date;
  @ApiProperty() updatedAt!: Date;
}

/** The table of rules: a page of rules and the service's schedule (spec: Engine rule 7), which no rule can change. */
export class RepricerRulePageDto {
  @ApiProperty({ type: [RepricerRuleResponseDto] }) items!: RepricerRuleResponseDto[];
  @ApiProperty({ type: PageMetaDto }) meta!: PageMetaDto;
  @ApiProperty({ type: RepricerScheduleDto }) schedule!: RepricerScheduleDto;
}
