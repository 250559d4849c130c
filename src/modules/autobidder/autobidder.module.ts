import { Module } from '@nestjs/common';

import { SyncStateModule } from '../../sync-state/sync-state.module';
import { MpAccountsModule } from '../mp-accounts/mp-accounts.module';
import { AutobidderJobs } from './autobidder.jobs';
import { BidLogController } from './bid-log/bid-log.controller';
import { BidLogRepository } from './bid-log/bid-log.repository';
import { BidLogService } from './bid-log/bid-log.service';
import { BudgetActions } from './budgets/budget-actions';
import { BudgetCheckRepository } from './budgets/budget-check.repository';
import { BudgetCheckService } from './budgets/budget-check.service';
import { AdBudgetsController } from './budgets/budgets.controller';
import { AdBudgetsRepository } from './budgets/budgets.repository';
import { AdBudgetsService } from './budgets/budgets.service';
import { CampaignBidsRepository } from './campaigns/campaign-bids.repository';
import { CampaignSyncController } from './campaigns/campaign-sync.controller';
import { CampaignSyncRepository } from './campaigns/campaign-sync.repository';
import { CampaignSyncService } from './campaigns/campaign-sync.service';
import { CampaignSyncWalker } from './campaigns/campaign-sync-walker';
import { AdCampaignsController } from './campaigns/campaigns.controller';
import { AdCampaignsRepository } from './campaigns/campaigns.repository';
import { AdCampaignsService } from './campaigns/campaigns.service';
import { BidEngineRunController } from './engine/bid-engine-run.controller';
import { BidEngineRunRepository } from './engine/bid-engine-run.repository';
import { BidEngineRunService } from './engine/bid-engine-run.service';
import { BidEngineRunLock } from './engine/bid-engine-run-lock';
import { BidStrategiesController } from './strategies/bid-strategies.controller';
import { BidStrategiesRepository } from './strategies/bid-strategies.repository';
import { BidStrategiesService } from './strategies/bid-strategies.service';
import { AutobidderSummaryController } from './summary/autobidder-summary.controller';
import { AutobidderSummaryRepository } from './summary/autobidder-summary.repository';

/**
 * Ads: campaigns synced from the marketplace on request and every 5 minutes, budget limits and their check, bid
 * strategies and the bid engine (on request and every minute), the bid log, the summary.
 */
@Module({
  imports: [MpAccountsModule, SyncStateModule],
  controllers: [
    CampaignSyncController,
    AdCampaignsController,
    AdBudgetsController,
    BidStrategiesController,
    BidEngineRunController,
    BidLogController,
    AutobidderSummaryController,
  ],
  providers: [
    AutobidderJobs,
    CampaignSyncService,
    CampaignSyncWalker,
    CampaignSyncRepository,
    CampaignBidsRepository,
    AdCampaignsRepository,
    AdCampaignsService,
    AdBudgetsRepository,
    AdBudgetsService,
    BudgetCheckRepository,
    BudgetCheckService,
    BudgetActions,
    BidStrategiesRepository,
    BidStrategiesService,
    BidEngineRunRepository,
    BidEngineRunService,
    BidEngineRunLock,
    BidLogRepository,
    BidLogService,
    AutobidderSummaryRepository,
  ],
})
export class AutobidderModule {}
