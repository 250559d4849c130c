import { Module } from '@nestjs/common';

import { CatalogProductsModule } from '../../catalog/products/catalog-products.module';
import { PricingModule } from '../../pricing/pricing.module';
import { RepricerRulesModule } from '../rules/repricer-rules.module';
import { RepricerProductsController } from './repricer-products.controller';
import { RepricerProductsService } from './repricer-products.service';
import { RepricerRuleIndex } from './repricer-rule-index';
import { RepricerRunLock } from './repricer-run-lock';
import { RepricerRunsController } from './repricer-runs.controller';
import { RepricerRunsRepository } from './repricer-runs.repository';
import { RepricerRunsService } from './repricer-runs.service';
import { RepricerScheduleHandlers } from './repricer-schedule';

/** Repricer runs: the engine over the catalog, one upload of the changed prices, and the run log. */
@Module({
  imports: [PricingModule, RepricerRulesModule, CatalogProductsModule],
  controllers: [RepricerRunsController, RepricerProductsController],
  providers: [
    RepricerRunsRepository,
    RepricerRunsService,
    RepricerRunLock,
    RepricerRuleIndex,
    RepricerProductsService,
    RepricerScheduleHandlers,
  ],
})
export class RepricerRunsModule {}
