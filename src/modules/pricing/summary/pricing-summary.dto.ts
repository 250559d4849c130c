import { KpiQueryDto } from '../../../common/kpi/kpi-query.dto';
import { KpiIndicatorDoc, KpiSummaryDto } from '../../../common/kpi/kpi-summary.dto';
import { UuidField } from '../../../common/validation/fields';

const PRICING_INDICATORS = {
  priceChanges: { description: 'Принятые маркетплейсом изменения цен и скидок' },
  productsRepriced: { description: 'Товары, у которых менялась цена или скидка' },
  bulkJobs: { description: 'Запущенные массовые изменения' },
  rejectedUploads: { description: 'Загрузки массовых изменений, отклонённые маркетплейсом' },
  avgDiscountPct: {
    nullable: true,
    description:
      'Средняя скидка, заданная изменениями, %; изменения только цены (скидка осталась прежней) не учитываются; null — скидки не задавались',
  },
} satisfies Record<string, KpiIndicatorDoc>;

export type PricingIndicator = keyof typeof PRICING_INDICATORS;

export class PricingSummaryQueryDto extends KpiQueryDto {
  @UuidField({ optional: true, description: 'Только товары этого бренда' })
  brandId?: string;
}

export class PricingSummaryDto extends KpiSummaryDto('Pricing', PRICING_INDICATORS) {}
