import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { CurrentScope, DataScope } from '../../../common/auth/data-scope';
import { AccountScope } from '../../../common/auth/scope.guard';
import { ProductListQueryDto } from '../../catalog/products/catalog-products.dto';
import { RepricerProductPageDto } from './repricer-products.dto';
import { RepricerProductsService } from './repricer-products.service';

@ApiTags('repricer')
@Controller('repricer')
export class RepricerProductsController {
  constructor(private readonly products: RepricerProductsService) {}

  @Get('products')
  @AccountScope({ from: 'query', validated: true, brands: true })
  @ApiOperation({
    summary: 'Товары кабинета со связанным правилом репрайсера и расписанием запусков',
    description:
      'Фильтры, сортировка и пагинация — как у /catalog/products. Правило — то, что применит ручной запуск или запуск по расписанию (без показателей и бренда), иначе null.',
  })
  @ApiOkResponse({ type: RepricerProductPageDto })
  list(@CurrentScope() scope: DataScope, @Query() query: ProductListQueryDto): Promise<RepricerProductPageDto> {
    return this.products.listProducts(scope, query);
  }
}
