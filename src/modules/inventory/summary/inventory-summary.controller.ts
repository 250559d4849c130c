import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { CurrentScope, DataScope } from '../../../common/auth/data-scope';
import { AccountScope } from '../../../common/auth/scope.guard';
import { shiftDay } from '../../../common/time/calendar-days';
import { moscowToday } from '../../../common/time/moscow-time';
import { OrdersReader } from '../../digitization/reads/orders.reader';
import { InventoryStocksRepository } from '../stocks/inventory-stocks.repository';
import { InventorySummaryDto, InventorySummaryQueryDto } from './inventory-summary.dto';

/** Dead stock is stock of SKUs without an order in this many Moscow days, today included. */
export const DEAD_STOCK_DAYS = 30;

@ApiTags('inventory')
@Controller('inventory/summary')
export class InventorySummaryController {
  constructor(
    private readonly stocks: InventoryStocksRepository,
    private readonly orders: OrdersReader,
  ) {}

  @Get()
  @AccountScope({ from: 'query', validated: true, brands: true })
  @ApiOperation({
    summary: 'Сводка по остаткам кабинета',
    description:
      'Состояние по последней синхронизации, без периода: единицы на складах и в пути, товары в наличии и без остатка, срочные и скорые, ' +
      'средний запас в днях по товарам в наличии с продажами, единицы товаров без заказов за 30 дней. Менеджер видит открытые ему бренды.',
  })
  @ApiOkResponse({ type: InventorySummaryDto })
  async summary(@CurrentScope() scope: DataScope, @Query() _query: InventorySummaryQueryDto): Promise<InventorySummaryDto> {
    const ordered = await this.orders.orderedNmIds(scope.accountId, shiftDay(moscowToday(new Date()), 1 - DEAD_STOCK_DAYS));
    const totals = await this.stocks.summary(scope, ordered);
    const snapshot = await this.stocks.lastSnapshot(scope.accountId);
    return {
      ...totals,
      avgDaysOfCover: totals.avgDaysOfCover === null ? null : Number(totals.avgDaysOfCover),
      lastSnapshotAt: snapshot?.takenAt ?? null,
      source: snapshot?.sources ?? null,
    };
  }
}
