import { Injectable } from '@nestjs/common';

import { CampaignBidsRepository } from '../campaigns/campaign-bids.repository';
import { BudgetActions } from './budget-actions';
import type { AdBudgetCheckResponseDto } from './budget-check.dto';
import { BudgetCheckRepository, ProductBids } from './budget-check.repository';
import { BudgetLimitFacts, CampaignSpend, planBudgetCheck } from './budget-check-decisions';

type CampaignBids = NonNullable<CampaignSpend['bids']>;

/** The synced bids by campaign, one entry per product and placement; a campaign without synced products is absent. */
function bidsByCampaign(rows: ProductBids[]): Map<number, CampaignBids> {
  const byCampaign = new Map<number, { nmId: number; placement: string; bidKopecks: number }[]>();
  for (const row of rows) {
    const bids = byCampaign.get(row.advertId) ?? [];
    for (const [placement, bidKopecks] of Object.entries(row.bids)) bids.push({ nmId: row.nmId, placement, bidKopecks });
    byCampaign.set(row.advertId, bids);
  }
  return byCampaign;
}

/** Kopecks as roubles with at most two decimals, exactly as a JSON number shows them. */
function roubles(kopecks: number): number {
  return kopecks / 100;
}

/**
 * Spec: Ad budget routes, check rules 1-8. Spend from the synced statistics, the decisions of planBudgetCheck, then the
 * actions on the marketplace; every triggered limit is recorded with whether its action ran. Bid changes made here are
 * not in the bid log (engine rule 8).
 */
@Injectable()
export class BudgetCheckService {
  constructor(
    private readonly repository: BudgetCheckRepository,
    private readonly actions: BudgetActions,
    private readonly campaignBids: CampaignBidsRepository,
  ) {}

  async check(accountId: string): Promise<AdBudgetCheckResponseDto> {
    const limits = await this.repository.liveLimitsWithSpend(accountId);
    const bids = bidsByCampaign(await this.repository.productBids(accountId, [...new Set(limits.map((limit) => limit.advertId))]));
    const spendById = new Map(limits.map((limit) => [limit.id, limit]));
    const spendOf = (limit: BudgetLimitFacts): CampaignSpend => {
      const { todayKopecks, periodKopecks } = spendById.get(limit.id)!;
      // The sync does not load the marketplace's minimum bids; the marketplace refuses a bid below its minimum.
      return { todayKopecks, periodKopecks, bids: bids.get(limit.advertId) ?? null, minBidKopecks: null };
    };
    const plan = planBudgetCheck(limits, spendOf);
    const outcomes = await this.actions.run(accountId, plan.actions, (sent) => this.campaignBids.store(accountId, sent));
    const triggers = plan.triggered.map((limit) => ({ ...limit, ...outcomes.get(limit.advertId)! }));
    await this.repository.insertTriggers(triggers.map((trigger) => ({ ...trigger, mpAccountId: accountId })));
    const items = triggers.map(({ spendKopecks, ...trigger }) => ({ ...trigger, spendRub: roubles(spendKopecks) }));
    return { checked: plan.checked, triggered: items.length, items };
  }
}
