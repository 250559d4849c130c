import { Injectable } from '@nestjs/common';

import type { DataScope } from '../../../common/auth/data-scope';
import { AppError } from '../../../common/errors/app-error';
import type { Page } from '../../../common/http/pagination.dto';
import { AdBudgetsRepository } from '../budgets/budgets.repository';
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
    private readonly budgets: AdBudgetsRepository,
    private readonly strategies: BidStrategiesRepository,
  ) {}

  list(scope: DataScope, query: AdCampaignListQueryDto): Promise<Page<AdCampaignResponseDto>> {
    return this.campaigns.findPage({ ...query, accountId: scope.accountId });
  }

  /** The campaign and the strategy (when one is named) must be the account's; nothing changes otherwise. */
  async update(advertId: number, input: AdCampaignUpdateDto): Promise<AdCampaignResponseDto> {
    const accountId = input.mpAccountId;
    if (!(await this.campaigns.find(accountId, advertId))) throw AppError.notFound(CAMPAIGN_NOT_FOUND);
    if (input.strategyId && !(await this.strategies.findLive(accountId, input.strategyId))) throw AppError.notFound(STRATEGY_NOT_FOUND);
    if (input.dailyBudget !== undefined) await this.setDailyBudget(accountId, advertId, input.dailyBudget);
    await this.campaigns.update(accountId, advertId, {
      ...(input.auto === undefined ? {} : { auto: input.auto }),
      ...(input.strategyId === undefined ? {} : { strategyId: input.strategyId }),
    });
    return (await this.campaigns.find(accountId, advertId))!;
  }

  /** The daily limit of the campaign's live limit; a new limit has action pause; 0 removes the daily limit (the limit with it, when it has no other). */
  private async setDailyBudget(accountId: string, advertId: number, roubles: number): Promise<void> {
    const live = await this.budgets.findLiveOfCampaign(accountId, advertId);
    if (roubles === 0) {
      if (!live) return;
      if (live.periodLimitRub === null) await this.budgets.softDelete(live.id);
      else await this.budgets.updateLive(live.id, { dailyLimitRub: null });
      return;
    }
    if (live) await this.budgets.updateLive(live.id, { dailyLimitRub: roubles });
    else await this.budgets.insert({ mpAccountId: accountId, advertId, dailyLimitRub: roubles, onLimitAction: 'pause' });
  }
}
