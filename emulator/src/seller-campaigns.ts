import { Campaign, campaignAt, CampaignNm, MinBidPlacement, Placement, scriptedTotals } from './generator/campaigns';
import type { CatalogShape } from './generator/catalog';

/** A scripted day of a product's statistics: its Moscow date and totals (spend `sum` in roubles). */
export type ScriptedDay = { date: string } & Parameters<typeof scriptedTotals>[0];

/** A seller's campaigns with the statuses, bids, minimum bids and statistics that writes and scripts set. */
export class SellerCampaigns {
  private readonly campaigns: Campaign[];

  constructor(shape: CatalogShape, count: number, nowMs = Date.now()) {
    this.campaigns = Array.from({ length: count }, (_, k) => campaignAt(shape, k, nowMs));
  }

  all(): Campaign[] {
    return this.campaigns;
  }

  find(id: number): Campaign | undefined {
    return this.campaigns.find((campaign) => campaign.id === id);
  }

  nm(campaign: Campaign, nmId: number): CampaignNm | undefined {
    return campaign.nms.find((candidate) => candidate.nmId === nmId);
  }

  setStatus(campaign: Campaign, status: number): void {
    campaign.status = status;
  }

  setBid(campaign: Campaign, nmId: number, placement: Placement | 'combined', kopecks: number): boolean {
    const nm = this.nm(campaign, nmId);
    if (!nm) return false;
    if (placement === 'combined') nm.bids = { search: kopecks, recommendations: kopecks };
    else nm.bids[placement] = kopecks;
    return true;
  }

  /** The product's minimum bids by placement, kopecks; placements left out keep theirs. */
  setMinBids(nm: CampaignNm, minBids: Partial<Record<MinBidPlacement, number>>): void {
    nm.minBids = { ...nm.minBids, ...minBids };
  }

  /** The product's statistics of these days, in place of the generated ones. */
  scriptDays(nm: CampaignNm, days: readonly ScriptedDay[]): void {
    for (const { date, ...totals } of days) nm.scriptedDays.set(date, scriptedTotals(totals));
  }
}
