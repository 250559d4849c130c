import { Injectable } from '@nestjs/common';

import { KpiEnvelope, kpiEnvelope } from '../../../common/kpi/kpi-envelope';
import { KpiQueryDto } from '../../../common/kpi/kpi-query.dto';
import { kpiWindows } from '../../../common/kpi/kpi-window';
import type { RepricerIndicator } from './repricer-summary.dto';
import { RepricerSummaryRepository } from './repricer-summary.repository';

@Injectable()
export class RepricerSummaryService {
  constructor(private readonly repository: RepricerSummaryRepository) {}

  async summary(query: KpiQueryDto): Promise<KpiEnvelope<RepricerIndicator>> {
    const { current, previous } = kpiWindows(query.period);
    const [now, before] = await Promise.all([
      this.repository.indicators(query.mpAccountId, current),
      this.repository.indicators(query.mpAccountId, previous),
    ]);
    return kpiEnvelope(query.period, now, before);
  }
}
