import { Body, Controller, Get, Patch, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AuthenticatedUser, CurrentUser } from '../../../common/auth/authenticated-user';
import { CurrentScope, DataScope } from '../../../common/auth/data-scope';
import { CurrentRequestMeta, RequestMeta } from '../../../common/auth/request-meta';
import { AccountScope } from '../../../common/auth/scope.guard';
import { ApiPageResponse, Page } from '../../../common/http/pagination.dto';
import { RouteDocs } from '../../../common/http/resource-routes';
import { IntParam } from '../../../common/validation/int-param';
import { BUDGET_LIMITS_CAP } from '../budgets/budgets.service';
import { AdCampaignListQueryDto, AdCampaignResponseDto, AdCampaignUpdateDto } from './campaigns.dto';
import { AdCampaignsService } from './campaigns.service';

/** Spec: Bid strategy and campaign: the synced campaigns, their Auto switch, strategy link and daily budget. */
@ApiTags('autobidder')
@Controller('autobidder/campaigns')
export class AdCampaignsController {
  constructor(private readonly campaigns: AdCampaignsService) {}

  @Get()
  @AccountScope({ from: 'query' })
  @ApiOperation({
    summary: 'Рекламные кампании кабинета',
    description: 'Как их загрузила последняя синхронизация, по advertId; ставки в копейках, stats7d — последние 7 суток, расход в рублях.',
  })
  @ApiPageResponse(AdCampaignResponseDto)
  list(@CurrentScope() scope: DataScope, @Query() query: AdCampaignListQueryDto): Promise<Page<AdCampaignResponseDto>> {
    return this.campaigns.list(scope, query);
  }

  @Patch(':advertId')
  @AccountScope({ from: 'body' })
  @RouteDocs({
    summary: 'Изменить Auto, стратегию или дневной бюджет кампании',
    description:
      'dailyBudget в рублях задаёт дневной лимит кампании (0 снимает его; новый лимит создаётся с действием pause). ' +
      'auto включает или выключает движок ставок для кампании. strategyId привязывает кампанию к стратегии того же кабинета (null отвязывает); ' +
      'чужая или удалённая стратегия — 404. Лимит меняется как через /autobidder/budgets (с записью в журнал аудита).',
    caps: [BUDGET_LIMITS_CAP],
  })
  @ApiOkResponse({ type: AdCampaignResponseDto })
  update(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentScope() scope: DataScope,
    @IntParam('advertId') advertId: number,
    @Body() body: AdCampaignUpdateDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<AdCampaignResponseDto> {
    return this.campaigns.update(user, scope, advertId, body, meta);
  }
}
