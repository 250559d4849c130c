import { Module } from '@nestjs/common';

import { CatalogReader } from './catalog.reader';
import { CatalogPriceSnapshots } from './catalog-price-snapshots';
import { CatalogProductsController } from './catalog-products.controller';
import { CatalogProductsRepository } from './catalog-products.repository';
import { CatalogProductsService } from './catalog-products.service';

/**
 * The catalog as users read it: products with price snapshots (also under /pricing/products) and brands; other modules
 * read it through CatalogReader and record accepted prices through CatalogPriceSnapshots.
 */
@Module({
  controllers: [CatalogProductsController],
  providers: [CatalogProductsRepository, CatalogProductsService, CatalogReader, CatalogPriceSnapshots],
  exports: [CatalogProductsService, CatalogReader, CatalogPriceSnapshots],
})
export class CatalogProductsModule {}
