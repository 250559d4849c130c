import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';

import { MOSCOW_TZ } from '../../../common/time/moscow-time';
import { DATABASE, Database } from '../../../database/database.tokens';
import { adBidBaselines, adCampaignProducts, adProductStats, BidChangeSource } from '../../../database/schema/autobidder';
import type { Executor } from '../../../database/transaction';
import type { CampaignBidsToSend } from '../bids-requests';

/**
 * The stored bids of the campaigns' products: what the marketplace accepted replaces them, placement by placement,
 * and each accepted bid becomes its placement's baseline, the evidence of later changes starting from it.
 */
@Injectable()
export class CampaignBidsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * One statement for the whole request: each product's accepted bids merged into its stored ones by placement (the
   * bids now as new as the write), and a baseline per accepted bid with the product's clicks and spend of today so far.
   */
  async store(
    accountId: string,
    sent: readonly CampaignBidsToSend[],
    source: BidChangeSource,
    executor: Executor = this.db,
  ): Promise<void> {
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
    const b = adBidBaselines;
    const s = adProductStats;
    await executor.execute(sql`
      WITH v AS (
        SELECT * FROM jsonb_to_recordset(${JSON.stringify([...products.values()])}::jsonb) AS v(advert_id bigint, nm_id bigint, bids jsonb)
      ), updated AS (
        UPDATE ${p} SET bids = ${p.bids} || v.bids, bids_at = now()
        FROM v WHERE ${p.mpAccountId} = ${accountId} AND ${p.advertId} = v.advert_id AND ${p.nmId} = v.nm_id
        RETURNING ${p.advertId} AS advert_id, ${p.nmId} AS nm_id
      ), today AS (SELECT (now() AT TIME ZONE ${MOSCOW_TZ})::date AS day)
      INSERT INTO ${b} (mp_account_id, advert_id, nm_id, placement, bid_kopecks, day, clicks, spend_kopecks, source, changed_at)
      SELECT ${accountId}, v.advert_id, v.nm_id, bid.key, bid.value::integer, today.day,
        coalesce(${s.clicks}, 0), coalesce(${s.spendKopecks}, 0), ${source}, now()
      FROM v JOIN updated USING (advert_id, nm_id) CROSS JOIN today CROSS JOIN LATERAL jsonb_each_text(v.bids) AS bid
      LEFT JOIN ${s} ON ${s.mpAccountId} = ${accountId} AND ${s.advertId} = v.advert_id AND ${s.nmId} = v.nm_id AND ${s.day} = today.day
      ON CONFLICT (mp_account_id, advert_id, nm_id, placement) DO UPDATE SET
        bid_kopecks = excluded.bid_kopecks, day = excluded.day, clicks = excluded.clicks,
        spend_kopecks = excluded.spend_kopecks, source = excluded.source, changed_at = excluded.changed_at`);
  }
}
