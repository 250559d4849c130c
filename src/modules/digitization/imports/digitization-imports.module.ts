import { Module } from '@nestjs/common';

import { SyncStateModule } from '../../../sync-state/sync-state.module';
import { DigitizationJobs } from '../digitization.jobs';
import { FeedWalker } from './feed-walker';
import { ImportNotices } from './import-notices';
import { ImportRunLog } from './import-run-log.repository';
import { ImportRuns } from './import-runs';
import { ImportsController } from './imports.controller';
import { ImportsRepository } from './imports.repository';
import { ImportsService } from './imports.service';
import { KeyRejectionsRepository } from './key-rejections.repository';
import { ReportWalker } from './report-walker';

/**
 * Digitisation imports: orders, sales and returns and the realisation report from the marketplace, on request, nightly
 * and by the increment tier; the job status, the list of runs and the notifications when an import ends.
 */
@Module({
  imports: [SyncStateModule],
  controllers: [ImportsController],
  providers: [
    ImportsRepository,
    KeyRejectionsRepository,
    ImportsService,
    ImportNotices,
    ImportRuns,
    ImportRunLog,
    FeedWalker,
    ReportWalker,
    DigitizationJobs,
  ],
  exports: [ReportWalker],
})
export class DigitizationImportsModule {}
