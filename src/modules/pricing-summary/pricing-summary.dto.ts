import { ApiProperty } from '@nestjs/swagger';
import { KpiEnvelopeDto } from '../../common/kpi/kpi-envelope';
import { KpiQueryDto } from '../../common/kpi/kpi-query.dto';
import { UuidField } from '../../common/validation/fields';

export const PRICING_INDICATORS = ['priceChanges', 'productsRepriced', 'bulkJobs', 'rejectedUploads', 'avgDiscountPct'] as const;
export type PricingIndicator = (typeof PRICING_INDICATORS)[number];

export class PricingSummaryQueryDto extends KpiQueryDto {
  @UuidField({ optional: true, description: 'Только товары этого бренда' })
  brandId?: string;
}

const delta = { type: Number, nullable: true, description: 'Изменение к предыдущему окну той же длины, %; null — не с чем сравнить' };

export class PricingSummaryDto extends KpiEnvelopeDto {
  @ApiProperty({ description: 'Принятые маркетплейсом изменения цен и скидок' }) priceChanges!: number;
  @ApiProperty(delta) priceChangesDelta!: number | null;
  @ApiProperty({ description: 'Товары, у которых менялась цена или скидка' }) productsRepriced!: number;
  @ApiProperty(delta) productsRepricedDelta!: number | null;
  @ApiProperty({ description: 'Запущенные массовые изменения' }) bulkJobs!: number;
  @ApiProperty(delta) bulkJobsDelta!: number | null;
  @ApiProperty({ description: 'Загрузки массовых изменений, отклонённые маркетплейсом' }) rejectedUploads!: number;
  @ApiProperty(delta) rejectedUploadsDelta!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Средняя установленная скидка, %; null — скидки не менялись' }) avgDiscountPct!: number | null;
  @ApiProperty(delta) avgDiscountPctDelta!: number | null;
}
