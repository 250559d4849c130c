import { Module } from '@nestjs/common';

import { BidLogController } from './bid-log/bid-log.controller';
import { BidLogRepository } from './bid-log/bid-log.repository';
import { BidLogService } from './bid-log/bid-log.service';
import { BudgetActions } from './budgets/budget-actions';
import { BudgetCheckRepository } from './budgets/budget-check.repository';
import { BudgetCheckService } from './budgets/budget-check.service';
import { AdBudgetsController } from './budgets/budgets.controller';
import { AdBudgetsRepository } from './budgets/budgets.repository';
import { AdBudgetsService } from './budgets/budgets.service';
import { BidStrategiesController } from './strategies/bid-strategies.controller';
import { BidStrategiesRepository } from './strategies/bid-strategies.repository';
import { BidStrategiesService } from './strategies/bid-strategies.service';

/** Ads: campaign budget limits and their check, bid strategies, the bid log. */
@Module({
  controllers: [AdBudgetsController, BidStrategiesController, BidLogController],
  providers: [
    AdBudgetsRepository,
    AdBudgetsService,
    BudgetCheckRepository,
    BudgetCheckService,
    BudgetActions,
    BidStrategiesRepository,
    BidStrategiesService,
    BidLogRepository,
    BidLogService,
  ],
})
export class AutobidderModule {}
