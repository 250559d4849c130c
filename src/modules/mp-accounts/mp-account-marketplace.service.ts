import { Injectable } from '@nestjs/common';

import type { MpScope } from '../../config/marketplace-scopes';
import { MarketplaceClient } from '../../marketplace/client/marketplace-client';
import { RateBuckets } from '../../marketplace/client/rate-buckets';
import { canonicalPath, RateRules } from '../../marketplace/client/rate-rules';
import { ping } from '../../marketplace/endpoints/common';
import { bucketLabel, SERVICE_CALLS } from '../../marketplace/endpoints/service-calls';
import { MpAccountCheckResponseDto, MpAccountQuotaDto } from './mp-account-marketplace.dto';

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

  /** Every bucket the service uses (shown used or not) or this account has used, named in words: read without taking a token. */
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
        label: bucketLabel(bucket),
        ...(await this.buckets.inspect({ accountId, ...bucket }, this.rules.ruleFor(bucket.scope, bucket.path))),
      })),
    );
    return { buckets: buckets.sort((a, b) => a.scope.localeCompare(b.scope) || a.path.localeCompare(b.path)) };
  }
}
