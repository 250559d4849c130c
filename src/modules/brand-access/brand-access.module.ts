import { Module } from '@nestjs/common';

import { AuthModule } from '../auth/auth.module';
import { CatalogProductsModule } from '../catalog/products/catalog-products.module';
import { BrandAccessController } from './brand-access.controller';
import { BrandAccessRepository } from './brand-access.repository';
import { BrandAccessService } from './brand-access.service';

@Module({
  imports: [AuthModule, CatalogProductsModule],
  controllers: [BrandAccessController],
  providers: [BrandAccessRepository, BrandAccessService],
})
export class BrandAccessModule {}
