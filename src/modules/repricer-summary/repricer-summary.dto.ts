import { ApiProperty } from '@nestjs/swagger';
import { KpiEnvelopeDto } from '../../common/kpi/kpi-envelope';

export const REPRICER_INDICATORS = ['runs', 'errorRuns', 'pricesChanged', 'productsCovered', 'avgChangePct'] as const;
export type RepricerIndicator = (typeof REPRICER_INDICATORS)[number];

const delta = { type: Number, nullable: true, description: 'Изменение к предыдущему окну той же длины, %; null — не с чем сравнить' };

export class RepricerSummaryDto extends KpiEnvelopeDto {
  @ApiProperty({ description: 'Запуски репрайсера (вручную, по API и по расписанию)' }) runs!: number;
  @ApiProperty(delta) runsDelta!: number | null;
  @ApiProperty({ description: 'Запуски, завершившиеся ошибкой (например, маркетплейс отклонил загрузку)' }) errorRuns!: number;
  @ApiProperty(delta) errorRunsDelta!: number | null;
  @ApiProperty({ description: 'Цены, изменённые репрайсером и принятые маркетплейсом' }) pricesChanged!: number;
  @ApiProperty(delta) pricesChangedDelta!: number | null;
  @ApiProperty({ description: 'Товары, цену которых менял репрайсер' }) productsCovered!: number;
  @ApiProperty(delta) productsCoveredDelta!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Среднее изменение цены, %; null — изменений не было' }) avgChangePct!: number | null;
  @ApiProperty(delta) avgChangePctDelta!: number | null;
}
