import { Body, Controller, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AuthenticatedUser, CurrentUser } from '../../../common/auth/authenticated-user';
import { CurrentRequestMeta, RequestMeta } from '../../../common/auth/request-meta';
import { AccountScope } from '../../../common/auth/scope.guard';
import { FbsStocksUpdateDto, FbsStocksUpdateResultDto } from './inventory-fbs.dto';
import { InventoryFbsService } from './inventory-fbs.service';

@ApiTags('inventory')
@Controller('inventory/fbs-stocks')
export class InventoryFbsController {
  constructor(private readonly fbs: InventoryFbsService) {}

  @Put()
  @AccountScope({ from: 'body', validated: true })
  @ApiOperation({
    summary: 'Записать остатки на складе продавца (FBS)',
    description:
      'До 1000 размеров по баркоду; баркоды, которых нет в каталоге кабинета, — 400 с их перечнем. Отказ маркетплейса: ' +
      '409 по позициям и 406 (обновление заблокировано) — 409 CONFLICT с подробностями, неизвестный склад — 404. ' +
      'Записывается в журнал аудита (inventory.fbs-stocks.update). Владелец кабинета или администратор.',
  })
  @ApiOkResponse({ type: FbsStocksUpdateResultDto })
  update(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: FbsStocksUpdateDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<FbsStocksUpdateResultDto> {
    return this.fbs.update(user, body, meta);
  }
}
