import { Injectable } from '@nestjs/common';

import { MarketplaceClient } from '../../../marketplace/client/marketplace-client';
import { MarketplaceCallError } from '../../../marketplace/client/marketplace-errors';
import { BidsMin, bidsMin, BidsMinBody, CampaignQuery, MinBidPlacement, pause } from '../../../marketplace/endpoints/advert';
import type { Endpoint } from '../../../marketplace/endpoints/endpoint';
import { bidsRequests, CampaignBidsToSend, ProductBid, refusalText, sendBidsApart } from '../bids-requests';
import { BudgetAction, halvedBids } from './budget-check-decisions';

type ReduceBids = Extract<BudgetAction, { action: 'reduce_bids' }>;

/** What became of a campaign's action. */
export const BUDGET_OUTCOMES = ['applied', 'at_minimum', 'refused', 'failed', 'skipped'] as const;
export type BudgetOutcome = (typeof BUDGET_OUTCOMES)[number];

export interface ActionOutcome {
  applied: boolean;
  outcome: BudgetOutcome;
  reason: string;
}

/** Reference 6.5: 400 for an unknown campaign, 422 (plain text) for one that is not active; the check reports them. */
const pauseCall: Endpoint<CampaignQuery, unknown, unknown> = { ...pause, rejections: [400, 422] };
/** Reference 16.2: 400 for products that are not the campaign's. */
const bidsMinCall: Endpoint<BidsMinBody, BidsMin, unknown> = { ...bidsMin, rejections: [400] };
/** Reference 16.2: 1 to 100 products a call. */
const MIN_BIDS_NMS = 100;

const PAUSED: ActionOutcome = { applied: true, outcome: 'applied', reason: 'Кампания приостановлена на маркетплейсе' };
const HALVED: ActionOutcome = { applied: true, outcome: 'applied', reason: 'Ставки кампании снижены вдвое' };
const HALVED_TO_MINIMUM: ActionOutcome = {
  applied: true,
  outcome: 'applied',
  reason: 'Ставки кампании снижены вдвое, но не ниже минимальных ставок маркетплейса',
};
const AT_MINIMUM: ActionOutcome = {
  applied: false,
  outcome: 'at_minimum',
  reason: 'Ставки кампании уже на минимальных ставках маркетплейса: снижать некуда',
};

function refused(reason: string): ActionOutcome {
  return { applied: false, outcome: 'refused', reason };
}

/** Reference 16.2: the minimum bids name the placement `recommendation`, the bids `recommendations`. */
function minBidPlacement(placement: string): MinBidPlacement {
  return placement === 'recommendations' ? 'recommendation' : (placement as MinBidPlacement);
}

function minimumKey(nmId: number, placement: MinBidPlacement): string {
  return `${nmId}:${placement}`;
}

/** A campaign's bids to lower, and whether some of them stop at their minimum. */
interface Lowering extends CampaignBidsToSend {
  floored: boolean;
}

/**
 * Runs the check's actions on the marketplace: pause calls one by one; for reduce_bids each campaign's minimum bids,
 * then the halved bids in requests of up to 50 campaigns, a refused request sent again campaign by campaign. A refused
 * or failed call leaves its campaigns unapplied with the reason; a rejected key (MP_AUTH_FAILED) stops every later call
 * too (spec: check rule 7).
 */
@Injectable()
export class BudgetActions {
  constructor(private readonly client: MarketplaceClient) {}

  /** The outcome by campaign; `accepted` gets each bids request the marketplace took, to store its bids. */
  async run(
    accountId: string,
    actions: BudgetAction[],
    paymentTypes: ReadonlyMap<number, 'cpm' | 'cpc'>,
    accepted: (sent: CampaignBidsToSend[]) => Promise<void>,
  ): Promise<Map<number, ActionOutcome>> {
    const outcomes = new Map<number, ActionOutcome>();
    let keyRejected: ActionOutcome | null = null;
    // A failed call's outcome; a rejected key fails every later call unmade.
    const attempt = async <T>(call: () => Promise<T>): Promise<T | ActionOutcome> => {
      if (keyRejected) return keyRejected;
      try {
        return await call();
      } catch (error) {
        if (!(error instanceof MarketplaceCallError)) throw error;
        const failed: ActionOutcome = { applied: false, outcome: 'failed', reason: error.message };
        if (error.code === 'MP_AUTH_FAILED') keyRejected = failed;
        return failed;
      }
    };
    // A campaign split over requests keeps the failure of any of them.
    const settle = (advertId: number, outcome: ActionOutcome) => {
      if (outcomes.get(advertId)?.applied !== false) outcomes.set(advertId, outcome);
    };

    const lowerings: Lowering[] = [];
    for (const action of actions) {
      if (action.action === 'skip') settle(action.advertId, { applied: false, outcome: 'skipped', reason: action.reason });
      else if (action.action === 'pause') settle(action.advertId, await attempt(() => this.pause(accountId, action.advertId)));
      else {
        const lowering = await attempt(() => this.lowering(accountId, action, paymentTypes.get(action.advertId) ?? 'cpm'));
        if ('outcome' in lowering) settle(action.advertId, lowering);
        else lowerings.push(lowering);
      }
    }
    const floored = new Map(lowerings.map((lowering) => [lowering.advertId, lowering.floored]));
    for (const request of bidsRequests(lowerings)) {
      // A call failing after some campaigns of the request went through on their own leaves those applied.
      const through = new Set<number>();
      const refusals = await attempt(() =>
        sendBidsApart(this.client, accountId, request, async (sent) => {
          await accepted(sent);
          for (const campaign of sent) through.add(campaign.advertId);
        }),
      );
      for (const { advertId } of request) {
        const halved = floored.get(advertId) ? HALVED_TO_MINIMUM : HALVED;
        if ('outcome' in refusals) settle(advertId, through.has(advertId) ? halved : refusals);
        else if (refusals.has(advertId)) settle(advertId, refused(`Маркетплейс отклонил ставки: ${refusals.get(advertId)}`));
        else settle(advertId, halved);
      }
    }
    return outcomes;
  }

  private async pause(accountId: string, advertId: number): Promise<ActionOutcome> {
    const answer = await this.client.call(pauseCall, { accountId }, { id: advertId });
    return answer.ok ? PAUSED : refused(`Маркетплейс не приостановил кампанию: ${refusalText(answer.body)}`);
  }

  /** The campaign's halved bids within its minimum bids (reference 16.2), or why there are none to send. */
  private async lowering(accountId: string, action: ReduceBids, paymentType: 'cpm' | 'cpc'): Promise<Lowering | ActionOutcome> {
    const minimums = await this.minimumBids(accountId, action, paymentType);
    if (!(minimums instanceof Map)) return minimums;
    const minimumOf = (bid: ProductBid) => minimums.get(minimumKey(bid.nmId, minBidPlacement(bid.placement)));
    const { lowered, atMinimum } = halvedBids(action.bids, minimumOf);
    if (lowered.length === 0) return AT_MINIMUM;
    const floored = atMinimum.length > 0 || lowered.some((bid) => bid.bidKopecks === minimumOf(bid));
    return { advertId: action.advertId, bids: lowered, floored };
  }

  /** The minimum bids of the campaign's products in its placements, kopecks, 100 products a call; a refusal's outcome. */
  private async minimumBids(
    accountId: string,
    action: ReduceBids,
    paymentType: 'cpm' | 'cpc',
  ): Promise<Map<string, number> | ActionOutcome> {
    const placements = [...new Set(action.bids.map((bid) => minBidPlacement(bid.placement)))];
    const nmIds = [...new Set(action.bids.map((bid) => bid.nmId))];
    const minimums = new Map<string, number>();
    for (let start = 0; start < nmIds.length; start += MIN_BIDS_NMS) {
      const body = {
        advert_id: action.advertId,
        nm_ids: nmIds.slice(start, start + MIN_BIDS_NMS),
        payment_type: paymentType,
        placement_types: placements,
      };
      const answer = await this.client.call(bidsMinCall, { accountId }, body);
      if (!answer.ok) return refused(`Маркетплейс не дал минимальные ставки кампании: ${refusalText(answer.body)}`);
      for (const product of answer.body.bids) for (const bid of product.bids) minimums.set(minimumKey(product.nm_id, bid.type), bid.value);
    }
    return minimums;
  }
}
