import { Module } from '@nestjs/common';
import { PricingModule } from '../pricing/pricing.module';
import { RepricerRulesModule } from '../repricer-rules/repricer-rules.module';
import { RepricerRunLock } from './repricer-run-lock';
import { RepricerRunsController } from './repricer-runs.controller';
import { RepricerRunsRepository } from './repricer-runs.repository';
import { RepricerRunsService } from './repricer-runs.service';

/** Repricer runs: the engine over the catalog, one upload of the changed prices, and the run log. */
@Module({
  imports: [PricingModule, RepricerRulesModule],
  controllers: [RepricerRunsController],
  providers: [RepricerRunsRepository, RepricerRunsService, RepricerRunLock],
})
export class RepricerRunsModule {}
