import { Injectable } from '@nestjs/common';

import type { DataScope } from '../../../common/auth/data-scope';
import { Page, PAGE_LIMIT_DEFAULT } from '../../../common/http/pagination.dto';
import { BrandItemDto, BrandListQueryDto, ProductItemDto, ProductListQueryDto } from './catalog-products.dto';
import { CatalogProductsRepository } from './catalog-products.repository';

@Injectable()
export class CatalogProductsService {
  constructor(private readonly repository: CatalogProductsRepository) {}

  listProducts(scope: DataScope, query: ProductListQueryDto): Promise<Page<ProductItemDto>> {
    const sortDir = query.sortDir ?? (query.sort === 'name' ? 'asc' : 'desc');
    const { brandId, q, nmIds, discount, sort } = query;
    const limit = query.limit ?? nmIds?.length ?? PAGE_LIMIT_DEFAULT;
    return this.repository.findProductPage({ ...scope, brandId, q, nmIds, discount, sort, sortDir }, { page: query.page, limit });
  }

  listBrands(scope: DataScope, query: BrandListQueryDto): Promise<Page<BrandItemDto>> {
    return this.repository.findBrandPage(scope, query, query.q);
  }
}
