import type { MarketplaceClient } from '../../marketplace/client/marketplace-client';
import { bids, BidsBody } from '../../marketplace/endpoints/advert';
import type { Endpoint } from '../../marketplace/endpoints/endpoint';

/** Reference 6.4: one bids request carries 1 to 50 campaigns. */
export const BIDS_MAX_CAMPAIGNS = 50;

type Placement = BidsBody['bids'][number]['nm_bids'][number]['placement'];

/** One product bid to send, kopecks. */
export interface ProductBid {
  nmId: number;
  placement: string;
  bidKopecks: number;
}

/** A campaign's bids to send in one request. */
export interface CampaignBidsToSend {
  advertId: number;
  bids: readonly ProductBid[];
}

/** Reference 6.4: 400 with `detail`, e.g. a bid below the marketplace's minimum. */
const bidsCall: Endpoint<BidsBody, unknown, unknown> = { ...bids, rejections: [400] };

/** The marketplace's own words of a refusal: a plain-text body, or its error or detail field. */
export function refusalText(body: unknown): string {
  if (typeof body === 'string' && body.trim() !== '') return body.trim();
  const fields = body !== null && typeof body === 'object' ? (body as { error?: unknown; detail?: unknown }) : {};
  const text = fields.error ?? fields.detail;
  return typeof text === 'string' && text !== '' ? text : 'без пояснения';
}

function bidsBody(campaigns: readonly CampaignBidsToSend[]): BidsBody {
  return {
    bids: campaigns.map((campaign) => ({
      advert_id: campaign.advertId,
      nm_bids: campaign.bids.map((bid) => ({ nm_id: bid.nmId, bid_kopecks: bid.bidKopecks, placement: bid.placement as Placement })),
    })),
  };
}

/** Reference 6.4: one campaign's entry carries 1 to 50 product bids. */
export const BIDS_MAX_PER_CAMPAIGN = 50;

/**
 * The bids requests: at most 50 campaigns each, a campaign's bids 50 at the most per request (the rest in the next
 * requests, never twice in one), in the order given.
 */
export function bidsRequests<B>(campaigns: readonly { advertId: number; bids: readonly B[] }[]): { advertId: number; bids: B[] }[][] {
  const requests: { advertId: number; bids: B[] }[][] = [];
  let request: { advertId: number; bids: B[] }[] = [];
  for (const campaign of campaigns)
    for (let start = 0; start < campaign.bids.length; start += BIDS_MAX_PER_CAMPAIGN) {
      if (request.length === BIDS_MAX_CAMPAIGNS || request.some((entry) => entry.advertId === campaign.advertId)) {
        requests.push(request);
        request = [];
      }
      request.push({ advertId: campaign.advertId, bids: campaign.bids.slice(start, start + BIDS_MAX_PER_CAMPAIGN) });
    }
  if (request.length > 0) requests.push(request);
  return requests;
}

/** Sends one request of bids: null when the marketplace took it, otherwise its refusal in its own words. */
async function sendBids(client: MarketplaceClient, accountId: string, campaigns: readonly CampaignBidsToSend[]): Promise<string | null> {
  const answer = await client.call(bidsCall, { accountId }, bidsBody(campaigns));
  return answer.ok ? null : refusalText(answer.body);
}

/**
 * Sends one request of bids so that one campaign the marketplace refuses does not hold back the others: a refused
 * request of several campaigns is split, each campaign sent once more on its own. `accepted` records every request
 * the marketplace took as soon as it took it. Answers the refusals in the marketplace's words by campaign; a failed
 * call (a rejected key, the marketplace down) is thrown.
 */
export async function sendBidsApart<C extends CampaignBidsToSend>(
  client: MarketplaceClient,
  accountId: string,
  request: readonly C[],
  accepted: (sent: C[]) => Promise<void>,
): Promise<Map<number, string>> {
  const refusal = await sendBids(client, accountId, request);
  if (refusal === null) {
    await accepted([...request]);
    return new Map();
  }
  if (request.length === 1) return new Map([[request[0].advertId, refusal]]);
  const refused = new Map<number, string>();
  for (const campaign of request) {
    const alone = await sendBids(client, accountId, [campaign]);
    if (alone === null) await accepted([campaign]);
    else refused.set(campaign.advertId, alone);
  }
  return refused;
}
