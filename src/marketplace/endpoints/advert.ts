import { Endpoint, inBody, inQuery, noParams } from './endpoint';
import { anything, arrayOf, bool, int, nullable, num, object, oneOf, optional, ShapeOf, str } from './shape';

/**
 * Reference 6: campaign statuses -1 deleted, 4 ready, 7 finished, 8 cancelled, 9 active, 11 paused. The campaign id is
 * advertId in count and fullstats, id in adverts, advert_id in bids. Bids are in kopecks.
 */
export const PromotionCount = object({
  adverts: optional(
    nullable(arrayOf(object({ type: int, status: int, count: int, advert_list: arrayOf(object({ advertId: int, changeTime: str })) }))),
  ),
  all: int,
});
export type PromotionCount = ShapeOf<typeof PromotionCount>;

/** Reference 6.1: campaigns by type and status. */
export const promotionCount: Endpoint<void, PromotionCount> = {
  scope: 'advert',
  label: 'Реклама: кампании по типам и статусам',
  method: 'GET',
  path: '/adv/v1/promotion/count',
  request: noParams,
  response: PromotionCount,
};

/** Reference 6.2: comma lists, at most 50 ids. */
export interface AdvertsQuery {
  ids?: string;
  statuses?: string;
  payment_type?: 'cpm' | 'cpc';
}

export const Advert = object({
  id: int,
  bid_type: oneOf('unified', 'manual'),
  currency: optional(str),
  status: int,
  settings: object({
    name: str,
    payment_type: oneOf('cpm', 'cpc'),
    placements: object({ search: bool, recommendations: bool }),
  }),
  nm_settings: optional(
    nullable(
      arrayOf(
        object({
          nm_id: int,
          subject: object({ id: int, name: str }),
          bids_kopecks: object({ search: int, recommendations: int }),
        }),
      ),
    ),
  ),
  restrictions: object({ can_change_nms: optional(bool) }),
  timestamps: object({ created: str, updated: str, started: optional(nullable(str)), deleted: str }),
});
export type Advert = ShapeOf<typeof Advert>;

export const Adverts = object({ adverts: arrayOf(Advert) });
export type Adverts = ShapeOf<typeof Adverts>;

/** Reference 6.2: campaigns with their settings and bids. */
export const adverts: Endpoint<AdvertsQuery, Adverts> = {
  scope: 'advert',
  label: 'Реклама: сведения о кампаниях',
  method: 'GET',
  path: '/api/advert/v2/adverts',
  request: inQuery,
  response: Adverts,
};

/** Reference 6.3: at most 50 ids (comma list) and 31 days; campaigns in status 7, 9 or 11. */
export interface FullstatsQuery {
  ids: string;
  beginDate: string;
  endDate: string;
}

const totals = {
  views: int,
  clicks: int,
  ctr: num,
  cpc: num,
  cr: num,
  atbs: int,
  orders: int,
  shks: int,
  canceled: int,
  sum: num,
  sum_price: num,
};

export const CampaignStats = object({
  advertId: int,
  currency: str,
  ...totals,
  boosterStats: optional(arrayOf(object({ date: str, nm: int, avg_position: int }))),
  days: arrayOf(
    object({
      date: str,
      ...totals,
      apps: arrayOf(object({ appType: oneOf(1, 32, 64), ...totals, nms: arrayOf(object({ nmId: int, name: str, ...totals })) })),
    }),
  ),
});
export type CampaignStats = ShapeOf<typeof CampaignStats>;

/** Reference 6.3: one element per campaign, with days, apps and products. */
export const fullstats: Endpoint<FullstatsQuery, CampaignStats[]> = {
  scope: 'advert',
  label: 'Реклама: статистика кампаний',
  method: 'GET',
  path: '/adv/v3/fullstats',
  request: inQuery,
  response: arrayOf(CampaignStats),
};

const NmBid = object({ nm_id: int, bid_kopecks: int, placement: oneOf('search', 'recommendations', 'combined') });
const CampaignBids = object({ advert_id: int, nm_bids: arrayOf(NmBid) });

/** Reference 6.4: 1 to 50 campaigns of 1 to 50 products; combined for unified bids, search or recommendations for manual ones. */
export interface BidsBody {
  bids: ShapeOf<typeof CampaignBids>[];
}

export const Bids = object({ bids: arrayOf(CampaignBids), currency: str });
export type Bids = ShapeOf<typeof Bids>;

/** Reference 6.4: sets bids; the answer echoes them. */
export const bids: Endpoint<BidsBody, Bids> = {
  scope: 'advert',
  label: 'Реклама: изменение ставок',
  method: 'PATCH',
  path: '/api/advert/v1/bids',
  request: inBody,
  response: Bids,
};

/** Reference 16.2: the placement is `recommendation` here, `recommendations` in the bids call and the adverts. */
export const MIN_BID_PLACEMENTS = ['combined', 'search', 'recommendation'] as const;
export type MinBidPlacement = (typeof MIN_BID_PLACEMENTS)[number];

/** Reference 16.2: one campaign, 1 to 100 products, its payment type and the placements asked for. */
export interface BidsMinBody {
  advert_id: number;
  nm_ids: number[];
  payment_type: 'cpm' | 'cpc';
  placement_types: MinBidPlacement[];
}

export const BidsMin = object({
  bids: arrayOf(object({ nm_id: int, bids: arrayOf(object({ type: oneOf(...MIN_BID_PLACEMENTS), value: int, currency: str })) })),
});
export type BidsMin = ShapeOf<typeof BidsMin>;

/** Reference 16.2: the minimum bids of a campaign's products by placement, kopecks. */
export const bidsMin: Endpoint<BidsMinBody, BidsMin> = {
  scope: 'advert',
  label: 'Реклама: минимальные ставки',
  method: 'POST',
  path: '/api/advert/v1/bids/min',
  request: inBody,
  response: BidsMin,
};

export interface CampaignQuery {
  id: number;
}

/** Reference 6.5: pauses an active campaign (status 9); 200 with no documented body. */
export const pause: Endpoint<CampaignQuery, unknown> = {
  scope: 'advert',
  label: 'Реклама: пауза кампании',
  method: 'GET',
  path: '/adv/v0/pause',
  request: inQuery,
  response: anything,
};

/** Reference 6.5: starts a campaign in status 4 or 11 with enough budget. */
export const start: Endpoint<CampaignQuery, unknown> = { ...pause, label: 'Реклама: запуск кампании', path: '/adv/v0/start' };

/** Reference 6.6: cash and netting are always 0. */
export const Budget = object({ cash: optional(int), netting: optional(int), total: int, currency: optional(str) });
export type Budget = ShapeOf<typeof Budget>;

/** Reference 6.6: a campaign's budget. */
export const budget: Endpoint<CampaignQuery, Budget> = {
  scope: 'advert',
  label: 'Реклама: бюджет кампании',
  method: 'GET',
  path: '/adv/v1/budget',
  request: inQuery,
  response: Budget,
};

/** Reference 12.5: dates YYYY-MM-DD, at least 1 and at most 31 days. */
export interface AdSpendQuery {
  from: string;
  to: string;
}

/** Reference 12.5: one charge for a campaign; updSum in whole roubles (base currency units of the ad account). */
export const AdSpend = object({
  updNum: int,
  updTime: nullable(str),
  updSum: int,
  advertId: int,
  campName: str,
  advertType: int,
  advertStatus: int,
  paymentType: str,
});
export type AdSpend = ShapeOf<typeof AdSpend>;

/** Reference 12.5: the ad account's actual charges of the interval. */
export const adSpendHistory: Endpoint<AdSpendQuery, AdSpend[]> = {
  scope: 'advert',
  label: 'Реклама: история затрат',
  method: 'GET',
  path: '/adv/v1/upd',
  request: inQuery,
  response: arrayOf(AdSpend),
};
