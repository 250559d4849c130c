import { Module } from '@nestjs/common';

import { SyncStateModule } from '../../sync-state/sync-state.module';
import { DigitizationImportsModule } from '../digitization/imports/digitization-imports.module';
import { AccountingJobs } from './accounting.jobs';
import { LedgerController } from './ledger/ledger.controller';
import { LedgerRepository } from './ledger/ledger.repository';
import { LedgerService } from './ledger/ledger.service';
import { PnlController } from './pnl/pnl.controller';
import { PnlRepository } from './pnl/pnl.repository';
import { PnlService } from './pnl/pnl.service';
import { PnlTraceRepository } from './pnl/pnl-trace.repository';
import { PnlWeeksRepository } from './pnl/pnl-weeks.repository';
import { AccountingReportsController } from './reports/accounting-reports.controller';
import { AccountingReportsRepository } from './reports/accounting-reports.repository';
import { AccountingReportsService } from './reports/accounting-reports.service';
import { AccountingSettingsController } from './settings/accounting-settings.controller';
import { AccountingSettingsRepository } from './settings/accounting-settings.repository';
import { AccountingSettingsService } from './settings/accounting-settings.service';
import { AccountingSummaryController } from './summary/accounting-summary.controller';
import { AccountingSummaryRepository } from './summary/accounting-summary.repository';
import { AccountingSummaryService } from './summary/accounting-summary.service';
import { AccountingSyncController } from './sync/accounting-sync.controller';
import { AccountingSyncService } from './sync/accounting-sync.service';
import { AccountingSyncWalker } from './sync/accounting-sync-walker';

/**
 * Accounting: the realisation reports synced from the marketplace and reconciled against their rows, the
 * ledger of money in and out of an account made of them, of the ad spend and of the seller's own entries, the balance,
 * the tax settings, the P&L and the financial summary.
 */
@Module({
  imports: [SyncStateModule, DigitizationImportsModule],
  controllers: [
    AccountingSyncController,
    PnlController,
    AccountingSummaryController,
    AccountingReportsController,
    LedgerController,
    AccountingSettingsController,
  ],
  providers: [
    AccountingJobs,
    AccountingSyncService,
    AccountingSyncWalker,
    AccountingReportsRepository,
    AccountingReportsService,
    LedgerRepository,
    LedgerService,
    AccountingSettingsRepository,
    AccountingSettingsService,
    PnlRepository,
    PnlWeeksRepository,
    PnlTraceRepository,
    PnlService,
    AccountingSummaryRepository,
    AccountingSummaryService,
  ],
})
export class AccountingModule {}
