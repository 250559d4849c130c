import { Module } from '@nestjs/common';

import { CatalogProductsController } from './catalog-products.controller';
import { CatalogProductsRepository } from './catalog-products.repository';
import { CatalogProductsService } from './catalog-products.service';

/** The catalog as users read it: products with price snapshots (also under /pricing/products) and brands. */
@Module({
  controllers: [CatalogProductsController],
  providers: [CatalogProductsRepository, CatalogProductsService],
  exports: [CatalogProductsService],
})
export class CatalogProductsModule {}
