import type { BidPlacementName } from '../../../database/schema/autobidder';
import type { Advert, CampaignStats } from '../../../marketplace/endpoints/advert';

/** A campaign as the sync stores it; the Auto switch and the strategy link are the service's own and not here. */
export interface CampaignRow {
  advertId: number;
  name: string;
  status: number;
  type: number;
  bidType: 'unified' | 'manual';
  paymentType: 'cpm' | 'cpc';
}

export interface ProductRow {
  advertId: number;
  nmId: number;
  bids: Partial<Record<BidPlacementName, number>>;
}

/** One product's statistics of one Moscow day, summed over the apps; money in kopecks. */
export interface StatsRow {
  advertId: number;
  nmId: number;
  day: string;
  views: number;
  clicks: number;
  spendKopecks: number;
  orders: number;
  orderedKopecks: number;
}

/**
 * Reference 6.2, 6.4: a unified-bid campaign has one bid per product (combined, the same in both fields of
 * bids_kopecks); a manual one a bid for search and one for recommendations.
 */
export function campaignRows(advert: Advert, type: number): { campaign: CampaignRow; products: ProductRow[] } {
  const campaign: CampaignRow = {
    advertId: advert.id,
    name: advert.settings.name,
    status: advert.status,
    type,
    bidType: advert.bid_type,
    paymentType: advert.settings.payment_type,
  };
  const products = (advert.nm_settings ?? []).map((nm) => ({
    advertId: advert.id,
    nmId: nm.nm_id,
    bids:
      advert.bid_type === 'unified'
        ? { combined: nm.bids_kopecks.search }
        : { search: nm.bids_kopecks.search, recommendations: nm.bids_kopecks.recommendations },
  }));
  return { campaign, products };
}

/** Roubles with kopecks as the marketplace writes them, as whole kopecks (no float error survives the rounding). */
function kopecks(roubles: number): number {
  return Math.round(roubles * 100);
}

/** Reference 6.3: a campaign's days, apps and products as one row per product and day (the day is the marketplace's, Moscow). */
export function statsRows(stats: CampaignStats): StatsRow[] {
  const rows = new Map<string, StatsRow>();
  for (const day of stats.days) {
    const date = day.date.slice(0, 10);
    for (const app of day.apps)
      for (const nm of app.nms) {
        const key = `${nm.nmId}:${date}`;
        const row = rows.get(key) ?? {
          advertId: stats.advertId,
          nmId: nm.nmId,
          day: date,
          views: 0,
          clicks: 0,
          spendKopecks: 0,
          orders: 0,
          orderedKopecks: 0,
        };
        row.views += nm.views;
        row.clicks += nm.clicks;
        row.spendKopecks += kopecks(nm.sum);
        row.orders += nm.orders;
        row.orderedKopecks += kopecks(nm.sum_price);
        rows.set(key, row);
      }
  }
  return [...rows.values()];
}
