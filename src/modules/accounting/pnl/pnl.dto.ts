import { ApiProperty, OmitType } from '@nestjs/swagger';

import { PageMetaDto, PaginationQueryDto } from '../../../common/http/pagination.dto';
import { DayField } from '../../../common/validation/day-field';
import { EnumField, StringField, UuidField } from '../../../common/validation/fields';
import { LEDGER_SOURCES, LEDGER_TYPES, LedgerSource, LedgerType } from '../../../database/schema/accounting';
import { PNL_GROUPINGS, PNL_LEDGER_FIGURES, PnlGrouping, PnlLedgerFigure } from './pnl-lines';

const KEY_MAX = 200;

export class PnlQueryDto extends OmitType(PaginationQueryDto, ['sortDirection'] as const) {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;

  @DayField({ description: 'С этого дня (по Москве) включительно' })
  dateFrom!: string;

  @DayField({ description: 'По этот день (по Москве) включительно' })
  dateTo!: string;

  @EnumField(PNL_GROUPINGS, {
    optional: true,
    description: 'Строки: day — дни, week — ISO-недели с понедельника, month — месяцы, nm — товары, brand — бренды (по умолчанию day)',
  })
  groupBy: PnlGrouping = 'day';
}

export class PnlTraceQueryDto extends OmitType(PnlQueryDto, ['groupBy'] as const) {
  @EnumField(PNL_GROUPINGS, { description: 'Группировка P&L, строку которой раскрываем' })
  groupBy!: PnlGrouping;

  @StringField({
    minLength: 0,
    maxLength: KEY_MAX,
    description: 'Ключ строки, как его дал P&L: YYYY-MM-DD (день, понедельник недели), YYYY-MM, nmId, название бренда',
  })
  key!: string;

  @EnumField(PNL_LEDGER_FIGURES, { description: 'Показатель строки, операции которого нужны' })
  field!: PnlLedgerFigure;
}

/** The P&L's figures of one row or of the totals (roubles with kopecks; percentages with 2 decimals). */
export class PnlFiguresDto {
  @ApiProperty({ description: 'Выручка: Σ продаж' }) revenue!: number;
  @ApiProperty({ description: 'Возвраты: −Σ возвратов (положительное число)' }) returns!: number;
  @ApiProperty({ description: 'Себестоимость: Σ штук продаж и возвратов × себестоимость на день операции, плюс ручные cogs' })
  cogs!: number;
  @ApiProperty() commission!: number;
  @ApiProperty() logistics!: number;
  @ApiProperty({ description: 'Хранение, с долей общих строк хранения (по штукам продаж) при nm и brand' }) storage!: number;
  @ApiProperty({ description: 'Приёмка, с долей общих строк приёмки (по штукам продаж) при nm и brand' }) acceptance!: number;
  @ApiProperty({ description: 'Штрафы и удержания' }) penalties!: number;
  @ApiProperty() acquiring!: number;
  @ApiProperty({ description: 'Прочее: −Σ компенсаций, лояльности, прочих операций, упаковки и фулфилмента' }) otherMp!: number;
  @ApiProperty({ description: 'Реклама, с долей общих рекламных строк (по штукам продаж) при nm и brand' }) advertising!: number;
  @ApiProperty({ description: 'Налог по настройкам кабинета на базу этой строки плюс ручные строки налога' }) tax!: number;
  @ApiProperty() operatingProfit!: number;
  @ApiProperty() netProfit!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Чистая прибыль ÷ (выручка − возвраты) × 100; null — делитель 0' })
  marginPct!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Чистая прибыль ÷ себестоимость × 100; null — делитель 0' })
  roiPct!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Доля проданных штук с себестоимостью, %; null — продаж нет' })
  costCoveragePct!: number | null;
}

export class PnlRowDto extends PnlFiguresDto {
  @ApiProperty({
    description: 'YYYY-MM-DD (день; понедельник недели), YYYY-MM (месяц), nmId строкой, название бренда ("" — товара нет в каталоге)',
  })
  key!: string;
}

export class PnlReportDto {
  @ApiProperty({ type: [PnlRowDto] }) items!: PnlRowDto[];
  @ApiProperty({ type: PageMetaDto }) meta!: PageMetaDto;
  @ApiProperty({ type: PnlFiguresDto, description: 'Итоги по всем строкам (всех страниц); налог итогов — на базу итогов' })
  totals!: PnlFiguresDto;
  @ApiProperty({
    type: PnlFiguresDto,
    nullable: true,
    description:
      'При nm и brand для всего кабинета: операции без товара, которые не делятся (штрафы, удержания, ручной налог …); иначе null',
  })
  unallocated!: PnlFiguresDto | null;
  @ApiProperty({
    description: 'Налог итогов минус Σ налога всех строк (всех страниц) и unallocated: разница от округления и от баз строк ниже нуля',
  })
  taxDifference!: number;
}

export class PnlTracedRowDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ type: 'string', format: 'date' }) date!: string;
  @ApiProperty({ enum: LEDGER_TYPES }) type!: LedgerType;
  @ApiProperty({ enum: LEDGER_SOURCES }) source!: LedgerSource;
  @ApiProperty({ type: String, nullable: true, description: 'Отчёт реализации (строка: id больше 2^53)' }) reportId!: string | null;
  @ApiProperty({ type: String, nullable: true }) srid!: string | null;
  @ApiProperty({ type: Number, nullable: true }) nmId!: number | null;
  @ApiProperty({ description: 'Сумма операции со знаком' }) amount!: number;
  @ApiProperty() quantity!: number;
  @ApiProperty({ description: 'Сколько операция даёт показателю; Σ по всем страницам равна показателю до копейки' })
  contribution!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'cogs: себестоимость штуки на день операции; null — не задана' })
  costPrice!: number | null;
  @ApiProperty({ type: String, format: 'date', nullable: true, description: 'cogs: с какого дня действует эта себестоимость' })
  costValidFrom!: string | null;
  @ApiProperty({ description: 'Общая строка без товара: contribution — доля строки' }) split!: boolean;
}

export class PnlTraceDto {
  @ApiProperty({ type: [PnlTracedRowDto] }) items!: PnlTracedRowDto[];
  @ApiProperty({ type: PageMetaDto }) meta!: PageMetaDto;
  @ApiProperty({ description: 'Показатель: Σ contribution всех операций' }) figure!: number;
}
