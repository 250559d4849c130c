import { Campaign, campaignAt, Placement } from './generator/campaigns';
import type { CatalogShape } from './generator/catalog';

/** A seller's campaigns with the statuses and bids that writes set. */
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

  setStatus(campaign: Campaign, status: number): void {
    campaign.status = status;
  }

  setBid(campaign: Campaign, nmId: number, placement: Placement | 'combined', kopecks: number): boolean {
    const nm = campaign.nms.find((candidate) => candidate.nmId === nmId);
    if (!nm) return false;
    if (placement === 'combined') nm.bids = { search: kopecks, recommendations: kopecks };
    else nm.bids[placement] = kopecks;
    return true;
  }
}
