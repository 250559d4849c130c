import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';

import { CurrentScope, DataScope } from '../../../common/auth/data-scope';
import { AccountScope } from '../../../common/auth/scope.guard';
import { pageOffset, toPage } from '../../../common/http/pagination';
import { ApiPageResponse, Page } from '../../../common/http/pagination.dto';
import { InventoryAlertDto, InventoryAlertsQueryDto } from './inventory-alerts.dto';
import { InventoryAlertsRepository } from './inventory-alerts.repository';

@ApiTags('inventory')
@Controller('inventory/alerts')
export class InventoryAlertsController {
  constructor(private readonly alerts: InventoryAlertsRepository) {}

  @Get()
  @AccountScope({ from: 'query', validated: true, brands: true })
  @ApiOperation({
    summary: 'Товары, которые скоро закончатся или закончились',
    description:
      'Срочные (urgent) и скорые (soon) по порогам кабинета и закончившиеся за последние 7 дней (oos), по последней синхронизации; ' +
      'сначала закончившиеся, затем по дням запаса. Менеджер видит открытые ему бренды.',
  })
  @ApiPageResponse(InventoryAlertDto)
  async list(@CurrentScope() scope: DataScope, @Query() query: InventoryAlertsQueryDto): Promise<Page<InventoryAlertDto>> {
    const { rows, total } = await this.alerts.page(scope, query.limit, pageOffset(query));
    return toPage(
      rows.map((row) => ({ ...row, since: new Date(row.since) })),
      total,
      query,
    );
  }
}
