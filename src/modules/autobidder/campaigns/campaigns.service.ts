import { Injectable } from '@nestjs/common';

import type { AuthenticatedUser } from '../../../common/auth/authenticated-user';
import type { DataScope } from '../../../common/auth/data-scope';
import type { RequestMeta } from '../../../common/auth/request-meta';
import { AppError } from '../../../common/errors/app-error';
import type { Page } from '../../../common/http/pagination.dto';
import { AuditService } from '../../audit/audit.service';
import { settingChange } from '../../audit/setting-change';
import { AdBudgetsRepository } from '../budgets/budgets.repository';
import { AdBudgetsService } from '../budgets/budgets.service';
import { BidStrategiesRepository } from '../strategies/bid-strategies.repository';
import { STRATEGY_NOT_FOUND } from '../strategies/bid-strategies.service';
import type { AdCampaignListQueryDto, AdCampaignResponseDto, AdCampaignUpdateDto } from './campaigns.dto';
import { AdCampaignsRepository } from './campaigns.repository';

export const CAMPAIGN_NOT_FOUND = 'Рекламная кампания не найдена: сначала загрузите кампании синхронизацией';

/** Spec: Bid strategy and campaign; PATCH /autobidder/campaigns/{advertId}. */
@Injectable()
export class AdCampaignsService {
  constructor(
    private readonly campaigns: AdCampaignsRepository,
    private readonly budgetRows: AdBudgetsRepository,
    private readonly budgets: AdBudgetsService,
    private readonly strategies: BidStrategiesRepository,
    private readonly audit: AuditService,
  ) {}

  list(scope: DataScope, query: AdCampaignListQueryDto): Promise<Page<AdCampaignResponseDto>> {
    return this.campaigns.findPage({ ...query, accountId: scope.accountId });
  }

  /**
   * The campaign and the strategy (when one is named) must be the account's; nothing changes otherwise. The daily
   * budget goes through the budget limits' own create, update and delete (their rules and audit records); the Auto
   * switch and the strategy link are audited as `autobidder.campaign.update`.
   */
  async update(
    actor: AuthenticatedUser,
    scope: DataScope,
    advertId: number,
    input: AdCampaignUpdateDto,
    meta: RequestMeta,
  ): Promise<AdCampaignResponseDto> {
    const accountId = scope.accountId;
    if (!(await this.campaigns.find(accountId, advertId))) throw AppError.notFound(CAMPAIGN_NOT_FOUND);
    if (input.strategyId && !(await this.strategies.findLive(accountId, input.strategyId))) throw AppError.notFound(STRATEGY_NOT_FOUND);
    if (input.dailyBudget !== undefined) await this.setDailyBudget(actor, scope, advertId, input.dailyBudget, meta);
    const settings = {
      ...(input.auto === undefined ? {} : { auto: input.auto }),
      ...(input.strategyId === undefined ? {} : { strategyId: input.strategyId }),
    };
    if (Object.keys(settings).length > 0) {
      await this.campaigns.update(accountId, advertId, settings);
      const campaign = { id: String(advertId), mpAccountId: accountId };
      await this.audit.record(settingChange('autobidder.campaign.update', actor, 'ad-campaign', campaign, settings, meta));
    }
    return (await this.campaigns.find(accountId, advertId))!;
  }

  /** The live limit's daily part; a new limit has action pause; 0 removes the daily part (the limit with it, when it has no other). */
  private async setDailyBudget(actor: AuthenticatedUser, scope: DataScope, advertId: number, roubles: number, meta: RequestMeta) {
    const live = await this.budgetRows.findLiveOfCampaign(scope.accountId, advertId);
    if (roubles === 0) {
      if (live?.periodLimitRub === null) await this.budgets.remove(actor, scope, live.id, meta);
      else if (live) await this.budgets.update(actor, scope, live.id, { dailyLimitRub: null }, meta);
    } else if (live) await this.budgets.update(actor, scope, live.id, { dailyLimitRub: roubles }, meta);
    else await this.budgets.create(actor, { mpAccountId: scope.accountId, advertId, dailyLimitRub: roubles, onLimitAction: 'pause' }, meta);
  }
}
