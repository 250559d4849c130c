import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';

import { DATABASE, Database } from '../../../database/database.tokens';
import { adCampaignProducts } from '../../../database/schema/autobidder';
import type { Executor } from '../../../database/transaction';
import type { CampaignBidsToSend } from '../bids-requests';

/** The stored bids of the campaigns' products: what the marketplace accepted replaces them, placement by placement. */
@Injectable()
export class CampaignBidsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** One statement for the whole request: each product's accepted bids merged into its stored ones by placement. */
  async store(accountId: string, sent: readonly CampaignBidsToSend[], executor: Executor = this.db): Promise<void> {
    const products = new Map<string, { advert_id: number; nm_id: number; bids: Record<string, number> }>();
    for (const campaign of sent)
      for (const bid of campaign.bids) {
        const key = `${campaign.advertId}:${bid.nmId}`;
        const product = products.get(key) ?? { advert_id: campaign.advertId, nm_id: bid.nmId, bids: {} };
        product.bids[bid.placement] = bid.bidKopecks;
        products.set(key, product);
      }
    if (products.size === 0) return;
    const p = adCampaignProducts;
    await executor.execute(sql`
      UPDATE ${p} SET bids = ${p.bids} || v.bids
      FROM jsonb_to_recordset(${JSON.stringify([...products.values()])}::jsonb) AS v(advert_id bigint, nm_id bigint, bids jsonb)
      WHERE ${p.mpAccountId} = ${accountId} AND ${p.advertId} = v.advert_id AND ${p.nmId} = v.nm_id`);
  }
}
