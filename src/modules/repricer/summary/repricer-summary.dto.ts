import { ApiProperty } from '@nestjs/swagger';

import { KPI_DELTA_PROPERTY, KpiEnvelopeDto } from '../../../common/kpi/kpi-envelope';

export const REPRICER_INDICATORS = ['runs', 'errorRuns', 'pricesChanged', 'productsCovered', 'avgChangePct'] as const;
export type RepricerIndicator = (typeof REPRICER_INDICATORS)[number];

export class RepricerSummaryDto extends KpiEnvelopeDto {
  @ApiProperty({ description: 'Запуски репрайсера (вручную, по API и по расписанию)' }) runs!: number;
  @ApiProperty(KPI_DELTA_PROPERTY) runsDelta!: number | null;
  @ApiProperty({ description: 'Запуски, завершившиеся ошибкой (например, маркетплейс отклонил загрузку)' }) errorRuns!: number;
  @ApiProperty(KPI_DELTA_PROPERTY) errorRunsDelta!: number | null;
  @ApiProperty({ description: 'Цены, изменённые репрайсером и принятые маркетплейсом' }) pricesChanged!: number;
  @ApiProperty(KPI_DELTA_PROPERTY) pricesChangedDelta!: number | null;
  @ApiProperty({ description: 'Товары, цену которых менял репрайсер' }) productsCovered!: number;
  @ApiProperty(KPI_DELTA_PROPERTY) productsCoveredDelta!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Среднее изменение цены, %; null — изменений не было' }) avgChangePct!:
    number | null;
  @ApiProperty(KPI_DELTA_PROPERTY) avgChangePctDelta!: number | null;
}
