import { Module } from '@nestjs/common';

import { RepricerRulesController } from './repricer-rules.controller';
import { RepricerRulesReader } from './repricer-rules.reader';
import { RepricerRulesRepository } from './repricer-rules.repository';
import { RepricerRulesService } from './repricer-rules.service';

/** Repricer rules: CRUD with soft delete, and the reader of active rules for the engine. */
@Module({
  controllers: [RepricerRulesController],
  providers: [RepricerRulesRepository, RepricerRulesService, RepricerRulesReader],
  exports: [RepricerRulesReader],
})
export class RepricerRulesModule {}
