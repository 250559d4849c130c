import { Module } from '@nestjs/common';

import { CatalogProductsModule } from '../catalog/products/catalog-products.module';
import { PriceChanges } from './price-changes';
import { PriceChangesRepository } from './price-changes.repository';
import { PriceUploader } from './price-upload';
import { PricingController } from './pricing.controller';
import { PricingJobs } from './pricing.jobs';
import { PricingService } from './pricing.service';
import { PricingBulkRepository } from './pricing-bulk.repository';
import { PricingBulkService } from './pricing-bulk.service';
import { PricingSummaryController } from './summary/pricing-summary.controller';
import { PricingSummaryRepository } from './summary/pricing-summary.repository';
import { UploadRefusals } from './upload-refusals';

/** Single and bulk price and discount changes, their reports, the price history and the pricing KPIs. */
@Module({
  imports: [CatalogProductsModule],
  controllers: [PricingController, PricingSummaryController],
  providers: [
    PriceChanges,
    PriceChangesRepository,
    PricingBulkRepository,
    PriceUploader,
    UploadRefusals,
    PricingService,
    PricingBulkService,
    PricingJobs,
    PricingSummaryRepository,
  ],
  exports: [PriceChanges],
})
export class PricingModule {}
