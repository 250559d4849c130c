import { Injectable } from '@nestjs/common';

import { MarketplaceClient } from '../../../marketplace/client/marketplace-client';
import { MarketplaceCallError } from '../../../marketplace/client/marketplace-errors';
import { bids, BidsBody, CampaignQuery, pause } from '../../../marketplace/endpoints/advert';
import type { Endpoint } from '../../../marketplace/endpoints/endpoint';
import type { BudgetAction } from './budget-check-decisions';

/** Reference 6.4: one bids request carries 1 to 50 campaigns. */
export const BIDS_MAX_CAMPAIGNS = 50;

type Placement = BidsBody['bids'][number]['nm_bids'][number]['placement'];
type ReduceBids = Extract<BudgetAction, { action: 'reduce_bids' }>;

/** What became of a campaign's action. */
export interface ActionOutcome {
  applied: boolean;
  reason: string;
}

/** Reference 6.5: 400 for an unknown campaign, 422 (plain text) for one that is not active; the check reports them. */
const pauseCall: Endpoint<CampaignQuery, unknown, unknown> = { ...pause, rejections: [400, 422] };
/** Reference 6.4: 400 with `detail`, e.g. a bid below the marketplace's minimum. */
const bidsCall: Endpoint<BidsBody, unknown, unknown> = { ...bids, rejections: [400] };

const PAUSED = 'Кампания приостановлена на маркетплейсе';
const HALVED = 'Ставки кампании снижены вдвое';
const NOTHING_TO_HALVE = 'У кампании нет загруженных ставок: снижать нечего';

/** The marketplace's own words of a refusal: a plain-text body, or its error or detail field. */
function refusalText(body: unknown): string {
  if (typeof body === 'string' && body.trim() !== '') return body.trim();
  const fields = body !== null && typeof body === 'object' ? (body as { error?: unknown; detail?: unknown }) : {};
  const text = fields.error ?? fields.detail;
  return typeof text === 'string' && text !== '' ? text : 'без пояснения';
}

function bidsBody(chunk: ReduceBids[]): BidsBody {
  return {
    bids: chunk.map((action) => ({
      advert_id: action.advertId,
      nm_bids: action.bids.map((bid) => ({ nm_id: bid.nmId, bid_kopecks: bid.bidKopecks, placement: bid.placement as Placement })),
    })),
  };
}

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
    accepted: (sent: ReduceBids[]) => Promise<void>,
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
      for (const advertId of advertIds) outcomes.set(advertId, outcome);
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
    for (let start = 0; start < sendable.length; start += BIDS_MAX_CAMPAIGNS) {
      const chunk = sendable.slice(start, start + BIDS_MAX_CAMPAIGNS);
      await attempt(
        chunk.map((action) => action.advertId),
        async () => {
          const answer = await this.client.call(bidsCall, { accountId }, bidsBody(chunk));
          if (!answer.ok) return { applied: false, reason: `Маркетплейс отклонил ставки: ${refusalText(answer.body)}` };
          await accepted(chunk);
          return { applied: true, reason: HALVED };
        },
      );
    }
    return outcomes;
  }
}
