import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';

import { AuthenticatedUser, CurrentUser } from '../../../common/auth/authenticated-user';
import { ApiPageResponse, Page } from '../../../common/http/pagination.dto';
import { BrandItemDto, BrandListQueryDto, ProductItemDto, ProductListQueryDto } from './catalog-products.dto';
import { CatalogProductsService } from './catalog-products.service';

@ApiTags('catalog')
@Controller()
export class CatalogProductsController {
  constructor(private readonly catalog: CatalogProductsService) {}

  @Get(['catalog/products', 'pricing/products'])
  @ApiTags('pricing')
  @ApiOperation({
    summary: 'Товары кабинета с ценами: поиск, фильтры по бренду и скидке, сортировка, пагинация; менеджер видит открытые ему бренды',
  })
  @ApiPageResponse(ProductItemDto)
  listProducts(@CurrentUser() user: AuthenticatedUser, @Query() query: ProductListQueryDto): Promise<Page<ProductItemDto>> {
    return this.catalog.listProducts(user, query);
  }

  @Get('brands')
  @ApiOperation({ summary: 'Бренды карточек кабинета с числом товаров' })
  @ApiPageResponse(BrandItemDto)
  listBrands(@CurrentUser() user: AuthenticatedUser, @Query() query: BrandListQueryDto): Promise<Page<BrandItemDto>> {
    return this.catalog.listBrands(user, query);
  }
}
