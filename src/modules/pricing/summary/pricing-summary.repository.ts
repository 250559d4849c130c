import { Inject, Injectable } from '@nestjs/common';
import { inArray, SQL, sql } from 'drizzle-orm';

import type { DataScope } from '../../../common/auth/data-scope';
import { inWindow } from '../../../common/kpi/in-window';
import type { KpiIndicators } from '../../../common/kpi/kpi-envelope';
import type { KpiWindow } from '../../../common/kpi/kpi-window';
import { DATABASE, Database } from '../../../database/database.tokens';
import { priceBulkChunks, priceBulkJobs, priceHistory, products } from '../../../database/schema';
import type { PricingIndicator } from './pricing-summary.dto';

/** The pricing indicators of one window, from the price history and the bulk jobs. */
@Injectable()
export class PricingSummaryRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async indicators(scope: DataScope, window: KpiWindow): Promise<KpiIndicators<PricingIndicator>> {
    const { accountId, brandIds } = scope;
    const historyOfBrands: SQL =
      brandIds === 'all'
        ? sql``
        : sql`AND EXISTS (SELECT 1 FROM ${products} WHERE ${products.mpAccountId} = ${priceHistory.mpAccountId} AND ${products.nmId} = ${priceHistory.nmId} AND ${inArray(products.brandId, brandIds)})`;
    // A bulk job counts for a brand when one of its items is a product of that brand.
    const jobOfBrands: SQL =
      brandIds === 'all'
        ? sql``
        : sql`AND EXISTS (SELECT 1 FROM jsonb_array_elements(${priceBulkJobs.items}) item JOIN ${products} ON ${products.mpAccountId} = ${priceBulkJobs.mpAccountId} AND ${products.nmId} = (item->>'nmID')::bigint WHERE ${inArray(products.brandId, brandIds)})`;
    const history = sql`${priceHistory} WHERE ${priceHistory.mpAccountId} = ${accountId} AND ${inWindow(priceHistory.createdAt, window)} ${historyOfBrands}`;
    const { rows } = await this.db.execute<KpiIndicators<PricingIndicator>>(sql`
      SELECT
        (SELECT count(*)::int FROM ${history}) AS "priceChanges",
        (SELECT count(DISTINCT ${priceHistory.nmId})::int FROM ${history}) AS "productsRepriced",
        (SELECT round(avg(${priceHistory.newDiscount}), 1)::float8 FROM ${history} AND ${priceHistory.newDiscount} IS NOT NULL) AS "avgDiscountPct",
        (SELECT count(*)::int FROM ${priceBulkJobs} WHERE ${priceBulkJobs.mpAccountId} = ${accountId} AND ${inWindow(priceBulkJobs.createdAt, window)} ${jobOfBrands}) AS "bulkJobs",
        (SELECT count(*)::int FROM ${priceBulkChunks} JOIN ${priceBulkJobs} ON ${priceBulkJobs.id} = ${priceBulkChunks.bulkJobId}
          WHERE ${priceBulkJobs.mpAccountId} = ${accountId} AND ${priceBulkChunks.errorText} IS NOT NULL AND ${inWindow(priceBulkChunks.sentAt, window)} ${jobOfBrands}) AS "rejectedUploads"
    `);
    return rows[0];
  }
}
