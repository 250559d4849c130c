import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AuthenticatedUser, CurrentUser } from '../../../common/auth/authenticated-user';
import { CurrentRequestMeta, RequestMeta } from '../../../common/auth/request-meta';
import { AccountScope } from '../../../common/auth/scope.guard';
import { ApiPageResponse, Page } from '../../../common/http/pagination.dto';
import { UuidParam } from '../../../common/validation/uuid-param';
import {
  InventoryPlanCreateDto,
  InventoryPlanDto,
  InventoryPlanQueryDto,
  InventoryPlansQueryDto,
  InventoryPlanSummaryDto,
} from './inventory-plans.dto';
import { InventoryPlansService } from './inventory-plans.service';

/** A plan covers every brand of the account: the owner's and an admin's, never narrowed by a manager's grants. */
@ApiTags('inventory')
@Controller('inventory/plans')
export class InventoryPlansController {
  constructor(private readonly plans: InventoryPlansService) {}

  @Post()
  @HttpCode(201)
  @AccountScope({ from: 'body', validated: true })
  @ApiOperation({
    summary: 'Составить план поставки',
    description:
      'По каждому размеру с продажами: ceil(скорость × (targetDays + leadTimeDays) × safetyFactor − остаток − в поставках); ' +
      'строки с количеством 0 и меньше не попадают в план. Параметры по умолчанию — из настроек кабинета. Записывается в журнал аудита.',
  })
  @ApiCreatedResponse({ type: InventoryPlanDto })
  create(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: InventoryPlanCreateDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<InventoryPlanDto> {
    return this.plans.create(user, body, meta);
  }

  @Get()
  @AccountScope({ from: 'query', validated: true })
  @ApiOperation({ summary: 'Планы поставки кабинета', description: 'Новые первыми, без строк.' })
  @ApiPageResponse(InventoryPlanSummaryDto)
  list(@Query() query: InventoryPlansQueryDto): Promise<Page<InventoryPlanSummaryDto>> {
    return this.plans.list(query.mpAccountId, query);
  }

  @Get(':id')
  @AccountScope({ from: 'query', validated: true })
  @ApiOperation({ summary: 'План поставки со строками' })
  @ApiOkResponse({ type: InventoryPlanDto })
  get(@UuidParam('id') id: string, @Query() query: InventoryPlanQueryDto): Promise<InventoryPlanDto> {
    return this.plans.get(query.mpAccountId, id);
  }
}
