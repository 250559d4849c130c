import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';

import { CurrentScope, DataScope } from '../../../common/auth/data-scope';
import { AccountScope } from '../../../common/auth/scope.guard';
import { ApiPageResponse, Page } from '../../../common/http/pagination.dto';
import { BrandItemDto, BrandListQueryDto, ProductItemDto, ProductListQueryDto } from './catalog-products.dto';
import { CatalogProductsService } from './catalog-products.service';

@ApiTags('catalog')
@Controller()
export class CatalogProductsController {
  constructor(private readonly catalog: CatalogProductsService) {}

  @Get(['catalog/products', 'pricing/products'])
  @AccountScope({ from: 'query', validated: true, brands: true })
  @ApiTags('pricing')
  @ApiOperation({
    summary: 'Товары кабинета с ценами: поиск, фильтры по бренду и скидке, сортировка, пагинация; менеджер видит открытые ему бренды',
  })
  @ApiPageResponse(ProductItemDto)
  listProducts(@CurrentScope() scope: DataScope, @Query() query: ProductListQueryDto): Promise<Page<ProductItemDto>> {
    return this.catalog.listProducts(scope, query);
  }

  @Get('brands')
  @AccountScope({ from: 'query', validated: true, brands: true })
  @ApiOperation({ summary: 'Бренды карточек кабинета с числом товаров' })
  @ApiPageResponse(BrandItemDto)
  listBrands(@CurrentScope() scope: DataScope, @Query() query: BrandListQueryDto): Promise<Page<BrandItemDto>> {
    return this.catalog.listBrands(scope, query);
  }
}
