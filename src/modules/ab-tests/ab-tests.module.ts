import { Module } from '@nestjs/common';

import { AccountsReaderModule } from '../../accounts/accounts-reader.module';
import { AuditModule } from '../audit/audit.module';
import { CatalogProductsModule } from '../catalog/products/catalog-products.module';
import { ContentCardSource } from '../content/content-card-source';
import { NotificationsModule } from '../notifications/notifications.module';
import { AbTestImagesController } from './images/ab-test-images.controller';
import { AbTestImagesRepository } from './images/ab-test-images.repository';
import { AbTestImagesService } from './images/ab-test-images.service';
import { AbRotationJobs } from './rotation/ab-rotation.jobs';
import { AbRotationRepository } from './rotation/ab-rotation.repository';
import { AbRotationService } from './rotation/ab-rotation.service';
import { AbRotationLock } from './rotation/ab-rotation-lock';
import { AbRotationMarketplace } from './rotation/ab-rotation-marketplace';
import { AbTestCardWriter } from './rotation/ab-test-card-writer';
import { AbTestPauseReasons } from './rotation/ab-test-pause-reasons';
import { MediaFingerprints } from './rotation/media-fingerprints';
import { AbTestsSummaryController } from './summary/ab-tests-summary.controller';
import { AbTestsSummaryRepository } from './summary/ab-tests-summary.repository';
import { AbTestsController } from './tests/ab-tests.controller';
import { AbTestsRepository } from './tests/ab-tests.repository';
import { AbTestsService } from './tests/ab-tests.service';

/** Spec (A/B tests): the images, the tests and their routes, and the rotation worker that changes the card's main photo. */
@Module({
  imports: [AuditModule, CatalogProductsModule, AccountsReaderModule, NotificationsModule],
  controllers: [AbTestImagesController, AbTestsSummaryController, AbTestsController],
  providers: [
    AbTestImagesRepository,
    AbTestImagesService,
    AbTestsRepository,
    AbTestsService,
    AbTestsSummaryRepository,
    AbRotationJobs,
    AbRotationLock,
    AbRotationMarketplace,
    AbRotationRepository,
    AbRotationService,
    AbTestCardWriter,
    AbTestPauseReasons,
    ContentCardSource,
    MediaFingerprints,
  ],
})
export class AbTestsModule {}
