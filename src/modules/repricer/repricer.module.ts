import { Module } from '@nestjs/common';

import { CatalogProductsModule } from '../catalog/products/catalog-products.module';
import { PricingModule } from '../pricing/pricing.module';
import { RepricerJobs } from './repricer.jobs';
import { RepricerRulesController } from './rules/repricer-rules.controller';
import { RepricerRulesReader } from './rules/repricer-rules.reader';
import { RepricerRulesRepository } from './rules/repricer-rules.repository';
import { RepricerRulesService } from './rules/repricer-rules.service';
import { RepricerProductsController } from './runs/repricer-products.controller';
import { RepricerProductsService } from './runs/repricer-products.service';
import { RepricerRuleIndex } from './runs/repricer-rule-index';
import { RepricerRunLock } from './runs/repricer-run-lock';
import { RepricerRunsController } from './runs/repricer-runs.controller';
import { RepricerRunsRepository } from './runs/repricer-runs.repository';
import { RepricerRunsService } from './runs/repricer-runs.service';
import { RepricerSummaryController } from './summary/repricer-summary.controller';
import { RepricerSummaryRepository } from './summary/repricer-summary.repository';

/** The repricer: rules, the engine over the catalog, runs and their schedule, products with their rule, and its KPIs. */
@Module({
  imports: [PricingModule, CatalogProductsModule],
  controllers: [RepricerRulesController, RepricerRunsController, RepricerProductsController, RepricerSummaryController],
  providers: [
    RepricerRulesRepository,
    RepricerRulesService,
    RepricerRulesReader,
    RepricerRunsRepository,
    RepricerRunsService,
    RepricerRunLock,
    RepricerRuleIndex,
    RepricerProductsService,
    RepricerJobs,
    RepricerSummaryRepository,
  ],
})
export class RepricerModule {}
