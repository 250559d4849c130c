import { Injectable } from '@nestjs/common';

import { AppError } from '../../../common/errors/app-error';
import { KpiEnvelope, kpiEnvelope } from '../../../common/kpi/kpi-envelope';
import { kpiWindows } from '../../../common/kpi/kpi-window';
import type { PricingIndicator, PricingSummaryQueryDto } from './pricing-summary.dto';
import { PricingSummaryRepository } from './pricing-summary.repository';

@Injectable()
export class PricingSummaryService {
  constructor(private readonly repository: PricingSummaryRepository) {}

  async summary(query: PricingSummaryQueryDto): Promise<KpiEnvelope<PricingIndicator>> {
    if (query.brandId && !(await this.repository.hasBrand(query.mpAccountId, query.brandId)))
      throw AppError.notFound('Бренд не найден в этом кабинете');
    const { current, previous } = kpiWindows(query.period);
    const [now, before] = await Promise.all([
      this.repository.indicators(query.mpAccountId, current, query.brandId),
      this.repository.indicators(query.mpAccountId, previous, query.brandId),
    ]);
    return kpiEnvelope(query.period, now, before);
  }
}
