import { Module } from '@nestjs/common';

import { SyncStateModule } from '../../sync-state/sync-state.module';
import { CatalogProductsModule } from '../catalog/products/catalog-products.module';
import { PulseAnalyticsController } from './analytics/pulse-analytics.controller';
import { PulseMatrixRepository } from './analytics/pulse-matrix.repository';
import { PulseMatrixService } from './analytics/pulse-matrix.service';
import { DailyRowsRepository } from './daily/daily-rows.repository';
import { RnpListsController } from './lists/rnp-lists.controller';
import { RnpListsRepository } from './lists/rnp-lists.repository';
import { RnpListsService } from './lists/rnp-lists.service';
import { PulseRefreshController } from './refresh/pulse-refresh.controller';
import { PulseRefreshService } from './refresh/pulse-refresh.service';
import { PulseRefreshWalker } from './refresh/pulse-refresh-walker';
import { RnpJobs } from './rnp.jobs';
import { PulseSummaryController } from './summary/pulse-summary.controller';
import { PulseSummaryRepository } from './summary/pulse-summary.repository';

/**
 * RNP, the daily pulse: lists of SKUs with their plans, and the pulse of each SKU by Moscow day — the
 * marketplace's sales funnel with its rewrites kept as versions, the service's ads, price, stock and feedback, flags
 * against the plan — refreshed hourly, nightly and on request, read as a matrix, a CSV file and a summary.
 */
@Module({
  imports: [CatalogProductsModule, SyncStateModule],
  controllers: [RnpListsController, PulseRefreshController, PulseAnalyticsController, PulseSummaryController],
  providers: [
    RnpListsRepository,
    RnpListsService,
    DailyRowsRepository,
    PulseMatrixRepository,
    PulseMatrixService,
    PulseRefreshService,
    PulseRefreshWalker,
    PulseSummaryRepository,
    RnpJobs,
  ],
})
export class RnpModule {}
