import { Module } from '@nestjs/common';
import { RepricerRulesReader } from './repricer-rules.reader';

@Module({
  providers: [RepricerRulesReader],
  exports: [RepricerRulesReader],
})
export class RepricerRulesModule {}
