import { Injectable } from '@nestjs/common';

import type { RequestMeta } from '../../../common/auth/request-meta';
import { moscowToday } from '../../../common/time/moscow-time';
import { AuditService } from '../../audit/audit.service';
import type { ProductBid } from '../bids-requests';
import { CampaignBidsRepository } from '../campaigns/campaign-bids.repository';
import { WITH_STATS } from '../campaigns/campaign-sync-walker';
import { BidEngineRunLock } from '../engine/bid-engine-run-lock';
import { DayRange, missingDays } from '../stats-days';
import { BudgetActions } from './budget-actions';
import type { AdBudgetCheckResponseDto, AdBudgetSpendPartDto } from './budget-check.dto';
import { BudgetCheckRepository, LimitWithSpend, ProductBids } from './budget-check.repository';
import { BudgetLimitFacts, CampaignSpend, LimitPart, planBudgetCheck } from './budget-check-decisions';

const AUDIT_ACTION = 'autobidder.budget.check';

/** The synced bids by campaign, one entry per product and placement; a campaign without synced products is absent. */
function bidsByCampaign(rows: ProductBids[]): Map<number, ProductBid[]> {
  const byCampaign = new Map<number, ProductBid[]>();
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
 * The days of `needed` whose statistics the sync has not fetched for the limit's campaign. A campaign the marketplace
 * gives no statistics for (reference 6.3: only statuses 7, 9 and 11 have them) lacks none.
 */
function missingOf(limit: LimitWithSpend, needed: DayRange): DayRange[] {
  if (limit.status !== null && !WITH_STATS.has(limit.status)) return [];
  const covered = limit.coveredFrom && limit.coveredTo ? { from: limit.coveredFrom, to: limit.coveredTo } : null;
  return missingDays(needed, covered);
}

function spendPart({ spendKopecks, missingDays: missing, ...part }: LimitPart): AdBudgetSpendPartDto {
  return { ...part, spendRub: roubles(spendKopecks), spendComplete: missing.length === 0, missingDays: missing };
}

/**
 * Spec: Ad budget routes, check rules 1-8. Spend from the synced statistics (with the days it lacks), the decisions of
 * planBudgetCheck, what it found recorded for the bid engine, then the actions on the marketplace; every triggered limit
 * is recorded with whether its action ran, and the check is audited. It runs apart from the account's bid engine runs,
 * so that no run decided before the check undoes its action. Bid changes made here are not in the bid log (rule 8).
 */
@Injectable()
export class BudgetCheckService {
  constructor(
    private readonly repository: BudgetCheckRepository,
    private readonly actions: BudgetActions,
    private readonly campaignBids: CampaignBidsRepository,
    private readonly lock: BidEngineRunLock,
    private readonly audit: AuditService,
  ) {}

  async check(userId: string, accountId: string, meta: RequestMeta): Promise<AdBudgetCheckResponseDto> {
    return (await this.lock.withLock(accountId, 'user', () => this.checkUnderLock(userId, accountId, meta))) as AdBudgetCheckResponseDto;
  }

  private async checkUnderLock(userId: string, accountId: string, meta: RequestMeta): Promise<AdBudgetCheckResponseDto> {
    const today = moscowToday(new Date());
    const limits = await this.repository.liveLimitsWithSpend(accountId);
    const products = await this.repository.productBids(accountId, [...new Set(limits.map((limit) => limit.advertId))]);
    const bids = bidsByCampaign(products);
    const byId = new Map(limits.map((limit) => [limit.id, limit]));
    const spendOf = (facts: BudgetLimitFacts): CampaignSpend => {
      const limit = byId.get(facts.id)!;
      return {
        todayKopecks: limit.todayKopecks,
        periodKopecks: limit.periodKopecks,
        missingToday: missingOf(limit, { from: today, to: today }),
        missingPeriod: limit.periodStartDate ? missingOf(limit, { from: limit.periodStartDate, to: today }) : [],
        bids: bids.get(limit.advertId) ?? null,
      };
    };
    const plan = planBudgetCheck(limits, spendOf);
    const reached = new Set(plan.triggered.map((part) => part.budgetId));
    await this.repository.recordFound(
      accountId,
      limits.map((limit) => ({ id: limit.id, reached: reached.has(limit.id) })),
    );
    const paymentTypes = new Map(products.map((product) => [product.advertId, product.paymentType]));
    const outcomes = await this.actions.run(accountId, plan.actions, paymentTypes, (sent) =>
      this.campaignBids.store(accountId, sent, 'budget'),
    );
    const triggers = plan.triggered.map((part) => ({ ...part, ...outcomes.get(part.advertId)! }));
    await this.repository.insertTriggers(
      triggers.map(({ missingDays: _missing, outcome: _outcome, ...trigger }) => ({ ...trigger, mpAccountId: accountId })),
    );
    await this.audit.record({
      action: AUDIT_ACTION,
      userId,
      mpAccountId: accountId,
      details: {
        checked: plan.checked,
        triggered: plan.triggered.map(({ budgetId, advertId, limitType, limitRub, spendKopecks }) => ({
          budgetId,
          advertId,
          limitType,
          limitRub,
          spendKopecks,
        })),
        actions: [
          ...new Map(triggers.map(({ advertId, action, outcome, reason }) => [advertId, { advertId, action, outcome, reason }])).values(),
        ],
      },
      meta,
    });
    const items = triggers.map(({ applied, outcome, reason, ...part }) => ({ ...spendPart(part), applied, outcome, reason }));
    return { checked: plan.checked, triggered: items.length, items, incomplete: plan.incomplete.map(spendPart) };
  }
}
