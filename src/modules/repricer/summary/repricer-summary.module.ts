import { Module } from '@nestjs/common';

import { RepricerSummaryController } from './repricer-summary.controller';
import { RepricerSummaryRepository } from './repricer-summary.repository';
import { RepricerSummaryService } from './repricer-summary.service';

/** GET /repricer/summary: the repricer KPIs in the shared envelope. */
@Module({ controllers: [RepricerSummaryController], providers: [RepricerSummaryService, RepricerSummaryRepository] })
export class RepricerSummaryModule {}
