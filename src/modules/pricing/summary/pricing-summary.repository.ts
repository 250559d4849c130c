import { Inject, Injectable } from '@nestjs/common';
import { SQL, sql } from 'drizzle-orm';

import type { KpiIndicators } from '../../../common/kpi/kpi-envelope';
import type { KpiWindow } from '../../../common/kpi/kpi-window';
import { DATABASE, Database } from '../../../database/database.tokens';
import type { PricingIndicator } from './pricing-summary.dto';

interface Counts {
  price_changes: number;
  products_repriced: number;
  avg_discount: string | null;
  bulk_jobs: number;
  rejected_uploads: number;
}

/** The pricing indicators of one window, from the price history and the bulk jobs. */
@Injectable()
export class PricingSummaryRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async hasBrand(mpAccountId: string, brandId: string): Promise<boolean> {
    const { rows } = await this.db.execute(sql`SELECT 1 FROM brands WHERE id = ${brandId} AND mp_account_id = ${mpAccountId}`);
    return rows.length > 0;
  }

  async indicators(mpAccountId: string, window: KpiWindow, brandId: string | undefined): Promise<KpiIndicators<PricingIndicator>> {
    const historyOfBrand: SQL = brandId
      ? sql`AND EXISTS (SELECT 1 FROM products p WHERE p.mp_account_id = h.mp_account_id AND p.nm_id = h.nm_id AND p.brand_id = ${brandId})`
      : sql``;
    // A bulk job counts for a brand when one of its items is a product of that brand.
    const jobOfBrand: SQL = brandId
      ? sql`AND EXISTS (SELECT 1 FROM jsonb_array_elements(j.items) item JOIN products p ON p.mp_account_id = j.mp_account_id AND p.nm_id = (item->>'nmID')::bigint WHERE p.brand_id = ${brandId})`
      : sql``;
    const from = window.from.toISOString();
    const to = window.to.toISOString();
    const { rows } = await this.db.execute<Counts & Record<string, unknown>>(sql`
      SELECT
        (SELECT count(*)::int FROM price_history h WHERE h.mp_account_id = ${mpAccountId} AND h.created_at >= ${from} AND h.created_at < ${to} ${historyOfBrand}) AS price_changes,
        (SELECT count(DISTINCT h.nm_id)::int FROM price_history h WHERE h.mp_account_id = ${mpAccountId} AND h.created_at >= ${from} AND h.created_at < ${to} ${historyOfBrand}) AS products_repriced,
        (SELECT round(avg(h.new_discount), 1)::text FROM price_history h WHERE h.mp_account_id = ${mpAccountId} AND h.created_at >= ${from} AND h.created_at < ${to} AND h.new_discount IS NOT NULL ${historyOfBrand}) AS avg_discount,
        (SELECT count(*)::int FROM price_bulk_jobs j WHERE j.mp_account_id = ${mpAccountId} AND j.created_at >= ${from} AND j.created_at < ${to} ${jobOfBrand}) AS bulk_jobs,
        (SELECT count(*)::int FROM price_bulk_chunks c JOIN price_bulk_jobs j ON j.id = c.bulk_job_id
          WHERE j.mp_account_id = ${mpAccountId} AND c.error_text IS NOT NULL AND c.sent_at >= ${from} AND c.sent_at < ${to} ${jobOfBrand}) AS rejected_uploads
    `);
    const [counts] = rows;
    return {
      priceChanges: counts.price_changes,
      productsRepriced: counts.products_repriced,
      bulkJobs: counts.bulk_jobs,
      rejectedUploads: counts.rejected_uploads,
      avgDiscountPct: counts.avg_discount === null ? null : Number(counts.avg_discount),
    };
  }
}
