import { Module } from '@nestjs/common';

import { DigitizationReadsController } from './digitization-reads.controller';
import { DigitizationReadsRepository } from './digitization-reads.repository';
import { DigitizationSummaryController } from './digitization-summary.controller';
import { DigitizationSummaryRepository } from './digitization-summary.repository';
import { OrdersReader } from './orders.reader';
import { ReportSummaryRepository } from './report-summary.repository';
import { ReportSummaryService } from './report-summary.service';

/**
 * What was digitized, read: orders, sales and returns, realisation report rows, their KPIs and the report's totals;
 * daily orders for the other modules (OrdersReader).
 */
@Module({
  controllers: [DigitizationReadsController, DigitizationSummaryController],
  providers: [DigitizationReadsRepository, DigitizationSummaryRepository, ReportSummaryRepository, ReportSummaryService, OrdersReader],
  exports: [OrdersReader],
})
export class DigitizationReadsModule {}
