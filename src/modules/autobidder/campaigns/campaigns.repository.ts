import { Inject, Injectable } from '@nestjs/common';
import { and, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

import type { Page } from '../../../common/http/pagination.dto';
import { DAY_MS } from '../../../common/time/calendar-days';
import { moscowToday } from '../../../common/time/moscow-time';
import { DATABASE, Database } from '../../../database/database.tokens';
import { containsText } from '../../../database/like';
import { PageRequest, queryPage } from '../../../database/query-page';
import { adBudgetLimits, adCampaignProducts, adCampaigns, adProductStats, bidStrategies } from '../../../database/schema/autobidder';
import type { AdCampaignResponseDto } from './campaigns.dto';

export interface AdCampaignFilter extends PageRequest {
  accountId: string;
  status?: number;
  auto?: boolean;
  q?: string;
  advertId?: number[];
}

/** A search box's text: a part of the campaign's name, or its whole number. */
function campaignSearch(q: string) {
  const byName = containsText(adCampaigns.name, q);
  return /^\d{1,15}$/.test(q) ? or(byName, eq(adCampaigns.advertId, Number(q))) : byName;
}

/** The campaign's row, its products' bids, its live limit and its last 7 Moscow days of statistics (spend in roubles). */
function campaignFields() {
  const c = adCampaigns;
  const p = adCampaignProducts;
  const s = adProductStats;
  const since = moscowToday(new Date(Date.now() - 6 * DAY_MS));
  const ofCampaign = (table: { mpAccountId: AnyPgColumn; advertId: AnyPgColumn }) =>
    sql`${table.mpAccountId} = ${c.mpAccountId} AND ${table.advertId} = ${c.advertId}`;
  return {
    advertId: c.advertId,
    name: c.name,
    status: c.status,
    type: c.type,
    bidType: c.bidType,
    paymentType: c.paymentType,
    auto: c.auto,
    strategyId: c.strategyId,
    strategyName: sql<string | null>`(SELECT ${bidStrategies.name} FROM ${bidStrategies} WHERE ${bidStrategies.id} = ${c.strategyId})`,
    syncedAt: c.syncedAt,
    budgetLimitId: sql<string | null>`(SELECT ${adBudgetLimits.id} FROM ${adBudgetLimits}
      WHERE ${ofCampaign(adBudgetLimits)} AND ${adBudgetLimits.deletedAt} IS NULL)`,
    products: sql`coalesce((SELECT json_agg(json_build_object('nmId', ${p.nmId}, 'bids', ${p.bids}) ORDER BY ${p.nmId})
      FROM ${p} WHERE ${ofCampaign(p)}), '[]'::json)`,
    stats7d: sql`(SELECT json_build_object(
        'views', coalesce(sum(${s.views}), 0), 'clicks', coalesce(sum(${s.clicks}), 0),
        'spend', coalesce(sum(${s.spendKopecks}), 0) / 100.0, 'orders', coalesce(sum(${s.orders}), 0))
      FROM ${s} WHERE ${ofCampaign(s)} AND ${s.day} >= ${since})`,
  };
}

/** Reads and setting changes of the synced campaigns. */
@Injectable()
export class AdCampaignsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  findPage(filter: AdCampaignFilter): Promise<Page<AdCampaignResponseDto>> {
    const where = and(
      eq(adCampaigns.mpAccountId, filter.accountId),
      filter.status === undefined ? undefined : eq(adCampaigns.status, filter.status),
      filter.auto === undefined ? undefined : eq(adCampaigns.auto, filter.auto),
      filter.q ? campaignSearch(filter.q) : undefined,
      filter.advertId === undefined ? undefined : inArray(adCampaigns.advertId, filter.advertId),
    );
    return queryPage(
      filter,
      (limit, offset) =>
        this.db
          .select(campaignFields())
          .from(adCampaigns)
          .where(where)
          .orderBy(adCampaigns.advertId)
          .limit(limit)
          .offset(offset) as Promise<AdCampaignResponseDto[]>,
      () => this.db.select({ total: count() }).from(adCampaigns).where(where),
    );
  }

  async find(accountId: string, advertId: number): Promise<AdCampaignResponseDto | undefined> {
    const [row] = await this.db
      .select(campaignFields())
      .from(adCampaigns)
      .where(and(eq(adCampaigns.mpAccountId, accountId), eq(adCampaigns.advertId, advertId)));
    return row as AdCampaignResponseDto | undefined;
  }

  async update(accountId: string, advertId: number, values: { auto?: boolean; strategyId?: string | null }): Promise<void> {
    if (Object.keys(values).length === 0) return;
    await this.db
      .update(adCampaigns)
      .set(values)
      .where(and(eq(adCampaigns.mpAccountId, accountId), eq(adCampaigns.advertId, advertId)));
  }
}
