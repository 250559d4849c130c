import { Injectable } from '@nestjs/common';

import type { MpScope } from '../../config/marketplace-scopes';
import { MarketplaceClient } from '../../marketplace/client/marketplace-client';
import { RateBuckets } from '../../marketplace/client/rate-buckets';
import { canonicalPath, RateRules } from '../../marketplace/client/rate-rules';
import { adverts, bids, fullstats, pause, promotionCount } from '../../marketplace/endpoints/advert';
import { ping } from '../../marketplace/endpoints/common';
import { cardsList } from '../../marketplace/endpoints/content';
import { feedbackAnswer, feedbacksList, questionsList, questionUpdate } from '../../marketplace/endpoints/feedbacks';
import { salesReportDetailed } from '../../marketplace/endpoints/finance';
import { goodsList, priceUpload } from '../../marketplace/endpoints/prices';
import { supplierOrders, supplierSales } from '../../marketplace/endpoints/statistics';
import { MpAccountCheckResponseDto, MpAccountQuotaDto } from './mp-account-marketplace.dto';

/** Spec: Marketplace calls used by the service. The quota always shows their buckets, used or not. */
const SERVICE_CALLS: { scope: MpScope; path: string }[] = [
  ping,
  cardsList,
  goodsList,
  priceUpload,
  supplierOrders,
  supplierSales,
  salesReportDetailed,
  feedbacksList,
  questionsList,
  feedbackAnswer,
  questionUpdate,
  promotionCount,
  adverts,
  fullstats,
  bids,
  pause,
];

/** What an account's key and outbound buckets look like from the marketplace's side. */
@Injectable()
export class MpAccountMarketplaceService {
  constructor(
    private readonly client: MarketplaceClient,
    private readonly buckets: RateBuckets,
    private readonly rules: RateRules,
  ) {}

  /** The common scope's ping with the account's key: the key is valid. Token categories are not checked. */
  async check(accountId: string): Promise<MpAccountCheckResponseDto> {
    await this.client.call(ping, { accountId });
    return { ok: true, checkedAt: new Date() };
  }

  /** Every bucket the service uses or this account has used: read without taking a token. */
  async quota(accountId: string): Promise<MpAccountQuotaDto> {
    const used = await this.buckets.used(accountId);
    const known = new Map(
      [...SERVICE_CALLS, ...used].map((call) => [
        `${call.scope} ${canonicalPath(call.path)}`,
        { scope: call.scope as MpScope, path: canonicalPath(call.path) },
      ]),
    );
    const buckets = await Promise.all(
      [...known.values()].map(async (bucket) => ({
        ...bucket,
        ...(await this.buckets.inspect({ accountId, ...bucket }, this.rules.ruleFor(bucket.scope, bucket.path))),
      })),
    );
    return { buckets: buckets.sort((a, b) => a.scope.localeCompare(b.scope) || a.path.localeCompare(b.path)) };
  }
}
