import { Body, Controller, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AuthenticatedUser, CurrentUser } from '../../../common/auth/authenticated-user';
import { CurrentScope, DataScope } from '../../../common/auth/data-scope';
import { CurrentRequestMeta, RequestMeta } from '../../../common/auth/request-meta';
import { AccountScope } from '../../../common/auth/scope.guard';
import { IntParam } from '../../../common/validation/int-param';
import {
  COST_ITEMS_MAX,
  CostBulkDto,
  CostBulkResultDto,
  CostEntryDto,
  CostHistoryDto,
  CostQueryDto,
  CostSetDto,
} from './catalog-costs.dto';
import { CatalogCostsService } from './catalog-costs.service';

const WHO =
  'Менеджер — только для товаров открытых ему брендов. Изменение записывается в журнал аудита (catalog.cost.update) с прежним значением.';

/** Dated cost prices of the catalog's cards, for accounting, the pulse and the margin columns. */
@ApiTags('catalog')
@Controller()
export class CatalogCostsController {
  constructor(private readonly costs: CatalogCostsService) {}

  @Put('catalog/products/:nmId/cost')
  @AccountScope({ from: 'body', validated: true, brands: true })
  @ApiOperation({
    summary: 'Задать себестоимость товара с указанного дня',
    description: `Себестоимость на этот день заменяется, более ранние и поздние остаются в истории. Товар не из каталога — 404. ${WHO}`,
  })
  @ApiOkResponse({ type: CostEntryDto })
  async set(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentScope() scope: DataScope,
    @IntParam('nmId') nmId: number,
    @Body() body: CostSetDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<CostEntryDto> {
    const { items } = await this.costs.save(user, scope, [{ nmId, costPrice: body.costPrice, validFrom: body.validFrom }], meta);
    return items[0];
  }

  @Post('catalog/costs')
  @HttpCode(200)
  @AccountScope({ from: 'body', validated: true, brands: true })
  @ApiOperation({
    summary: 'Задать себестоимости нескольких товаров',
    description:
      `До ${COST_ITEMS_MAX} позиций за раз (файл CSV или XLSX в веб-приложении). Сохраняется всё или ничего: товар не из каталога — ` +
      `404 со списком nmIds, повтор пары nmId и validFrom — 400. ${WHO}`,
  })
  @ApiOkResponse({ type: CostBulkResultDto })
  bulk(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentScope() scope: DataScope,
    @Body() body: CostBulkDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<CostBulkResultDto> {
    return this.costs.save(user, scope, body.items, meta);
  }

  @Get('catalog/products/:nmId/costs')
  @AccountScope({ from: 'query', validated: true, brands: true })
  @ApiOperation({ summary: 'История себестоимости товара и действующая сегодня' })
  @ApiOkResponse({ type: CostHistoryDto })
  history(@CurrentScope() scope: DataScope, @IntParam('nmId') nmId: number, @Query() _query: CostQueryDto): Promise<CostHistoryDto> {
    return this.costs.history(scope, nmId);
  }
}
