import { Module } from '@nestjs/common';

import { AccountsReaderModule } from '../../accounts/accounts-reader.module';
import { AuditModule } from '../audit/audit.module';
import { CatalogProductsModule } from '../catalog/products/catalog-products.module';
import { AbTestImagesController } from './images/ab-test-images.controller';
import { AbTestImagesRepository } from './images/ab-test-images.repository';
import { AbTestImagesService } from './images/ab-test-images.service';
import { AbTestsSummaryController } from './summary/ab-tests-summary.controller';
import { AbTestsSummaryRepository } from './summary/ab-tests-summary.repository';
import { AbTestsController } from './tests/ab-tests.controller';
import { AbTestsRepository } from './tests/ab-tests.repository';
import { AbTestsService } from './tests/ab-tests.service';

/** Spec (A/B tests): the images, the tests and their routes; the rotation worker joins here. */
@Module({
  imports: [AuditModule, CatalogProductsModule, AccountsReaderModule],
  controllers: [AbTestImagesController, AbTestsSummaryController, AbTestsController],
  providers: [AbTestImagesRepository, AbTestImagesService, AbTestsRepository, AbTestsService, AbTestsSummaryRepository],
})
export class AbTestsModule {}
