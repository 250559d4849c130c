import { Injectable } from '@nestjs/common';

import { MarketplaceClient } from '../../marketplace/client/marketplace-client';
import { RateBuckets } from '../../marketplace/client/rate-buckets';
import { canonicalPath, RateRules } from '../../marketplace/client/rate-rules';
import type { MpScope } from '../../marketplace/scopes';
import { MpAccountCheckResponseDto, MpAccountQuotaDto } from './mp-account-marketplace.dto';

/** Spec: Marketplace calls used by the service. The quota always shows their buckets, used or not. */
const SERVICE_CALLS: { scope: MpScope; path: string }[] = [
  { scope: 'common', path: '/ping' },
  { scope: 'content', path: '/content/v2/get/cards/list' },
  { scope: 'prices', path: '/api/v2/list/goods/filter' },
  { scope: 'prices', path: '/api/v2/upload/task' },
  { scope: 'statistics', path: '/api/v1/supplier/orders' },
  { scope: 'statistics', path: '/api/v1/supplier/sales' },
  { scope: 'finance', path: '/api/finance/v1/sales-reports/detailed' },
  { scope: 'feedbacks', path: '/api/v1/feedbacks' },
  { scope: 'feedbacks', path: '/api/v1/questions' },
  { scope: 'feedbacks', path: '/api/v1/feedbacks/answer' },
  { scope: 'advert', path: '/adv/v1/promotion/count' },
  { scope: 'advert', path: '/api/advert/v2/adverts' },
  { scope: 'advert', path: '/adv/v3/fullstats' },
  { scope: 'advert', path: '/api/advert/v1/bids' },
  { scope: 'advert', path: '/adv/v0/pause' },
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
    await this.client.request({ accountId, scope: 'common', method: 'GET', path: '/ping' });
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
