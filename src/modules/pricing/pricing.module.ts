import { Module } from '@nestjs/common';

import { PriceChangesRepository } from './price-changes.repository';
import { PriceUploader } from './price-upload';
import { PricingController } from './pricing.controller';
import { PricingBulkJobs } from './pricing.jobs';
import { PricingService } from './pricing.service';
import { PricingBulkRepository } from './pricing-bulk.repository';
import { PricingBulkService } from './pricing-bulk.service';

/** Single and bulk price and discount changes, their reports and the price history. */
@Module({
  controllers: [PricingController],
  providers: [PriceChangesRepository, PricingBulkRepository, PriceUploader, PricingService, PricingBulkService, PricingBulkJobs],
  exports: [PriceUploader, PriceChangesRepository],
})
export class PricingModule {}
