import { ApiProperty } from '@nestjs/swagger';

import { DEFAULT_KPI_PERIOD, KPI_PERIODS, KpiPeriod } from '../../../common/kpi/kpi-window';
import { EnumField, UuidField } from '../../../common/validation/fields';

/** The slot watch's and the supplies' figures over the window. */
export class BookingSummaryDto {
  @ApiProperty({ enum: KPI_PERIODS }) period!: KpiPeriod;
  @ApiProperty({ description: 'Начало окна (сутки UTC)' }) from!: Date;
  @ApiProperty({ description: 'Конец окна, не включая' }) to!: Date;
  @ApiProperty({ description: 'Задачи, которые ищут слоты сейчас (active, matched, source_unavailable)' }) activeTasks!: number;
  @ApiProperty({ description: 'Найденные за окно слоты' }) slotsFound!: number;
  @ApiProperty({ description: 'Из них с бесплатной приёмкой (коэффициент 0)' }) freeSlotsFound!: number;
  @ApiProperty({
    type: 'number',
    nullable: true,
    description: 'Медиана минут от создания задачи до её первого слота, по задачам, созданным в окне; null — ни одна не нашла',
  })
  medianMinutesToFirstMatch!: number | null;
  @ApiProperty({
    type: 'boolean',
    nullable: true,
    description: 'Маркетплейс отдал коэффициенты приёмки при последнем опросе; null — кабинет ещё не опрашивался',
  })
  sourceAvailable!: boolean | null;
  @ApiProperty({ description: 'Задачи, которые за окно перешли в booked: продавец запланировал поставку на найденный слот' })
  tasksBooked!: number;
  @ApiProperty({ description: 'Поставки, принятые за окно (по дате приёмки)' }) suppliesAccepted!: number;
  @ApiProperty({ description: 'Недостача единиц в принятых за окно поставках' }) unitsShort!: number;
  @ApiProperty({ description: 'Стоимость приёмки принятых за окно поставок, рубли с копейками' }) acceptanceCost!: number;
}

export class BookingSummaryQueryDto {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;

  @EnumField(KPI_PERIODS, { optional: true, description: 'Окно: последние 7 или 30 суток UTC (по умолчанию 30d)' })
  period: KpiPeriod = DEFAULT_KPI_PERIOD;
}
