import { ApiProperty } from '@nestjs/swagger';

import { KPI_DELTA_PROPERTY, KpiEnvelopeDto } from '../../../common/kpi/kpi-envelope';
import { KpiQueryDto } from '../../../common/kpi/kpi-query.dto';
import { UuidField } from '../../../common/validation/fields';

export const PRICING_INDICATORS = ['priceChanges', 'productsRepriced', 'bulkJobs', 'rejectedUploads', 'avgDiscountPct'] as const;
export type PricingIndicator = (typeof PRICING_INDICATORS)[number];

export class PricingSummaryQueryDto extends KpiQueryDto {
  @UuidField({ optional: true, description: 'Только товары этого бренда' })
  brandId?: string;
}

export class PricingSummaryDto extends KpiEnvelopeDto {
  @ApiProperty({ description: 'Принятые маркетплейсом изменения цен и скидок' }) priceChanges!: number;
  @ApiProperty(KPI_DELTA_PROPERTY) priceChangesDelta!: number | null;
  @ApiProperty({ description: 'Товары, у которых менялась цена или скидка' }) productsRepriced!: number;
  @ApiProperty(KPI_DELTA_PROPERTY) productsRepricedDelta!: number | null;
  @ApiProperty({ description: 'Запущенные массовые изменения' }) bulkJobs!: number;
  @ApiProperty(KPI_DELTA_PROPERTY) bulkJobsDelta!: number | null;
  @ApiProperty({ description: 'Загрузки массовых изменений, отклонённые маркетплейсом' }) rejectedUploads!: number;
  @ApiProperty(KPI_DELTA_PROPERTY) rejectedUploadsDelta!: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      'Средняя скидка, заданная изменениями, %; изменения только цены (скидка осталась прежней) не учитываются; null — скидки не задавались',
  })
  avgDiscountPct!: number | null;
  @ApiProperty(KPI_DELTA_PROPERTY) avgDiscountPctDelta!: number | null;
}
