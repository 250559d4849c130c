import { Body, Controller, Get, Patch, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AuthenticatedUser, CurrentUser } from '../../../common/auth/authenticated-user';
import { CurrentRequestMeta, RequestMeta } from '../../../common/auth/request-meta';
import { AccountScope } from '../../../common/auth/scope.guard';
import { InventorySettingsDto, InventorySettingsQueryDto, InventorySettingsUpdateDto } from './inventory-settings.dto';
import { InventorySettingsService } from './inventory-settings.service';

@ApiTags('inventory')
@Controller('inventory/settings')
export class InventorySettingsController {
  constructor(private readonly settings: InventorySettingsService) {}

  @Get()
  @AccountScope({ from: 'query', validated: true, brands: true })
  @ApiOperation({
    summary: 'Пороги запаса и параметры плана поставки кабинета',
    description: 'Без изменений — значения по умолчанию 3, 7, 30, 7, 1,2.',
  })
  @ApiOkResponse({ type: InventorySettingsDto })
  get(@Query() query: InventorySettingsQueryDto): Promise<InventorySettingsDto> {
    return this.settings.get(query.mpAccountId);
  }

  @Patch()
  @AccountScope({ from: 'body', validated: true })
  @ApiOperation({
    summary: 'Изменить пороги запаса и параметры плана поставки',
    description:
      'Переданные поля заменяют текущие; urgentDays должен быть меньше soonDays. Новые пороги сразу пересчитывают состояние товаров. ' +
      'Изменение записывается в журнал аудита (inventory.settings.update). Менять может владелец кабинета или администратор.',
  })
  @ApiOkResponse({ type: InventorySettingsDto })
  update(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: InventorySettingsUpdateDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<InventorySettingsDto> {
    return this.settings.update(user, body, meta);
  }
}
