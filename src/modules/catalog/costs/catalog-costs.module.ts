import { Module } from '@nestjs/common';

import { CatalogProductsModule } from '../products/catalog-products.module';
import { CatalogCostsController } from './catalog-costs.controller';
import { CatalogCostsRepository } from './catalog-costs.repository';
import { CatalogCostsService } from './catalog-costs.service';

/** Dated cost prices of the catalog's cards. */
@Module({
  imports: [CatalogProductsModule],
  controllers: [CatalogCostsController],
  providers: [CatalogCostsRepository, CatalogCostsService],
})
export class CatalogCostsModule {}
