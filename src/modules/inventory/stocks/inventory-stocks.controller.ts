import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { CurrentScope, DataScope } from '../../../common/auth/data-scope';
import { AccountScope } from '../../../common/auth/scope.guard';
import { ApiPageResponse, Page } from '../../../common/http/pagination.dto';
import { IntParam } from '../../../common/validation/int-param';
import { InventoryStockDetailDto, InventoryStockItemDto, InventoryStockListQueryDto, InventoryStockQueryDto } from './inventory-stocks.dto';
import { InventoryStocksService } from './inventory-stocks.service';

@ApiTags('inventory')
@Controller('inventory/stocks')
export class InventoryStocksController {
  constructor(private readonly stocks: InventoryStocksService) {}

  @Get()
  @AccountScope({ from: 'query', validated: true, brands: true })
  @ApiOperation({
    summary: 'Остатки товаров кабинета по складам',
    description:
      'Товары каталога с остатками на складах маркетплейса и продавца и товарами в пути, как их оставила последняя синхронизация; ' +
      'менеджер видит открытые ему бренды. Склад -999999 («Склад WB» отчёта об остатках на складах) складом не показывается.',
  })
  @ApiPageResponse(InventoryStockItemDto)
  list(@CurrentScope() scope: DataScope, @Query() query: InventoryStockListQueryDto): Promise<Page<InventoryStockItemDto>> {
    return this.stocks.list(scope, query);
  }

  @Get(':nmId')
  @AccountScope({ from: 'query', validated: true, brands: true })
  @ApiOperation({ summary: 'Остатки товара по размерам и складам' })
  @ApiOkResponse({ type: InventoryStockDetailDto })
  detail(
    @CurrentScope() scope: DataScope,
    @IntParam('nmId') nmId: number,
    @Query() _query: InventoryStockQueryDto,
  ): Promise<InventoryStockDetailDto> {
    return this.stocks.detail(scope, nmId);
  }
}
