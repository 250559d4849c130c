import { Injectable } from '@nestjs/common';

import { MarketplaceClient } from '../../../marketplace/client/marketplace-client';
import { MarketplaceCallError } from '../../../marketplace/client/marketplace-errors';
import { CampaignQuery, pause } from '../../../marketplace/endpoints/advert';
import type { Endpoint } from '../../../marketplace/endpoints/endpoint';
import { bidsRequests, CampaignBidsToSend, refusalText, sendBids } from '../bids-requests';
import type { BudgetAction } from './budget-check-decisions';

type ReduceBids = Extract<BudgetAction, { action: 'reduce_bids' }>;

/** What became of a campaign's action. */
export interface ActionOutcome {
  applied: boolean;
  reason: string;
}

/** Reference 6.5: 400 for an unknown campaign, 422 (plain text) for one that is not active; the check reports them. */
const pauseCall: Endpoint<CampaignQuery, unknown, unknown> = { ...pause, rejections: [400, 422] };

const PAUSED = 'Кампания приостановлена на маркетплейсе';
const HALVED = 'Ставки кампании снижены вдвое';
const NOTHING_TO_HALVE = 'У кампании нет загруженных ставок: снижать нечего';

/**
 * Runs the check's actions on the marketplace: pause calls one by one, then the halved bids in requests of up to 50
 * campaigns. A refused or failed call leaves its campaigns unapplied with the reason; a rejected key (MP_AUTH_FAILED)
 * stops every later call too (spec: check rule 7).
 */
@Injectable()
export class BudgetActions {
  constructor(private readonly client: MarketplaceClient) {}

  /** The outcome by campaign; `accepted` gets each bids request the marketplace took, to store its bids. */
  async run(
    accountId: string,
    actions: BudgetAction[],
    accepted: (sent: CampaignBidsToSend[]) => Promise<void>,
  ): Promise<Map<number, ActionOutcome>> {
    const outcomes = new Map<number, ActionOutcome>();
    let keyRejected: ActionOutcome | null = null;
    const attempt = async (advertIds: number[], call: () => Promise<ActionOutcome>): Promise<void> => {
      const outcome =
        keyRejected ??
        (await call().catch((error: unknown) => {
          if (!(error instanceof MarketplaceCallError)) throw error;
          const failed = { applied: false, reason: error.message };
          if (error.code === 'MP_AUTH_FAILED') keyRejected = failed;
          return failed;
        }));
      // A campaign split over requests keeps the failure of any of them.
      for (const advertId of advertIds) if (outcomes.get(advertId)?.applied !== false) outcomes.set(advertId, outcome);
    };

    for (const action of actions) {
      if (action.action === 'skip') outcomes.set(action.advertId, { applied: false, reason: action.reason });
      else if (action.action === 'pause')
        await attempt([action.advertId], async () => {
          const answer = await this.client.call(pauseCall, { accountId }, { id: action.advertId });
          return answer.ok
            ? { applied: true, reason: PAUSED }
            : { applied: false, reason: `Маркетплейс не приостановил кампанию: ${refusalText(answer.body)}` };
        });
    }
    const reductions = actions.filter((action): action is ReduceBids => action.action === 'reduce_bids');
    for (const empty of reductions.filter((action) => action.bids.length === 0))
      outcomes.set(empty.advertId, { applied: false, reason: NOTHING_TO_HALVE });
    const sendable = reductions.filter((action) => action.bids.length > 0);
    for (const chunk of bidsRequests(sendable)) {
      await attempt(
        chunk.map((action) => action.advertId),
        async () => {
          const refusal = await sendBids(this.client, accountId, chunk);
          if (refusal !== null) return { applied: false, reason: `Маркетплейс отклонил ставки: ${refusal}` };
          await accepted(chunk);
          return { applied: true, reason: HALVED };
        },
      );
    }
    return outcomes;
  }
}
