import { Body, Controller, Get, Patch, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AuthenticatedUser, CurrentUser } from '../../../common/auth/authenticated-user';
import { CurrentRequestMeta, RequestMeta } from '../../../common/auth/request-meta';
import { AccountScope } from '../../../common/auth/scope.guard';
import { AccountingSettingsDto, AccountingSettingsQueryDto, AccountingSettingsUpdateDto } from './accounting-settings.dto';
import { AccountingSettingsService } from './accounting-settings.service';

@ApiTags('accounting')
@Controller('accounting/settings')
export class AccountingSettingsController {
  constructor(private readonly settings: AccountingSettingsService) {}

  @Get()
  @AccountScope({ from: 'query', validated: true })
  @ApiOperation({ summary: 'Налоговый режим и ставка кабинета для P&L', description: 'Не заданы — none, 0 %.' })
  @ApiOkResponse({ type: AccountingSettingsDto })
  get(@Query() query: AccountingSettingsQueryDto): Promise<AccountingSettingsDto> {
    return this.settings.get(query.mpAccountId);
  }

  @Patch()
  @AccountScope({ from: 'body', validated: true })
  @ApiOperation({
    summary: 'Задать налоговый режим и ставку',
    description:
      'Налог в P&L: при usn_income база — выручка минус возвраты. Менять может владелец кабинета или администратор; ' +
      'изменение записывается в журнал аудита (accounting.settings.update).',
  })
  @ApiOkResponse({ type: AccountingSettingsDto })
  update(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: AccountingSettingsUpdateDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<AccountingSettingsDto> {
    return this.settings.update(user, body, meta);
  }
}
