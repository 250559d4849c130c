import { Module } from '@nestjs/common';

import { PricingSummaryController } from './pricing-summary.controller';
import { PricingSummaryRepository } from './pricing-summary.repository';
import { PricingSummaryService } from './pricing-summary.service';

/** GET /pricing/summary: the pricing KPIs in the shared envelope. */
@Module({ controllers: [PricingSummaryController], providers: [PricingSummaryService, PricingSummaryRepository] })
export class PricingSummaryModule {}
