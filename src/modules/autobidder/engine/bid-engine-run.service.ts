import { Injectable } from '@nestjs/common';

import { MarketplaceClient } from '../../../marketplace/client/marketplace-client';
import { MarketplaceCallError } from '../../../marketplace/client/marketplace-errors';
import { bids } from '../../../marketplace/endpoints/advert';
import { SKIPPED_ACCOUNT_BUSY } from '../../../queue/account-jobs';
import type { LeaseTrigger } from '../../../queue/account-lease';
import { AuditService } from '../../audit/audit.service';
import { bidsRequests, sendBids } from '../bids-requests';
import { BidDecision, decideBids } from './bid-decisions';
import type { BidEngineRunItemDto, BidEngineRunResultDto } from './bid-engine-run.dto';
import { AcceptedBid, BidEngineRunRepository } from './bid-engine-run.repository';
import { BidEngineRunLock } from './bid-engine-run-lock';

const AUDIT_ACTION = 'autobidder.bid-engine.run';

/** The changed bids by campaign, in the order decided (a changed decision always has its placement and bids). */
function changedByCampaign(decisions: BidDecision[]): { advertId: number; bids: AcceptedBid[] }[] {
  const campaigns = new Map<number, AcceptedBid[]>();
  for (const { changed, placement, bidBefore, bidAfter, ...decision } of decisions) {
    if (!changed) continue;
    const bids = campaigns.get(decision.advertId) ?? [];
    bids.push({ ...decision, placement: placement!, bidBefore: bidBefore!, bidAfter: bidAfter! });
    campaigns.set(decision.advertId, bids);
  }
  return [...campaigns].map(([advertId, bids]) => ({ advertId, bids }));
}

function itemOf({ changed: _changed, ...item }: BidDecision): BidEngineRunItemDto {
  return item;
}

/**
 * Spec: Bid engine routes, engine rules 1-9. The decisions of decideBids; the changed bids go to the marketplace in
 * requests of up to 50 campaigns, and each accepted request is recorded at once (stored bids and bid log). A
 * rejected request ends the run with the error: it is not logged, the requests accepted before it stay logged.
 */
@Injectable()
export class BidEngineRunService {
  constructor(
    private readonly repository: BidEngineRunRepository,
    private readonly lock: BidEngineRunLock,
    private readonly client: MarketplaceClient,
    private readonly audit: AuditService,
  ) {}

  /** POST /autobidder/run: waits for a run of the account already going (up to 60 s, then 409). */
  async runNow(userId: string, mpAccountId: string): Promise<BidEngineRunResultDto> {
    return (await this.lock.withLock(mpAccountId, 'user', () => this.run(mpAccountId, 'user', userId))) as BidEngineRunResultDto;
  }

  /** The schedule's run: an account whose run is going is skipped. */
  runScheduled(mpAccountId: string): Promise<BidEngineRunResultDto | typeof SKIPPED_ACCOUNT_BUSY> {
    return this.lock.withLock(mpAccountId, 'scheduled', () => this.run(mpAccountId, 'scheduled', null));
  }

  private async run(accountId: string, trigger: LeaseTrigger, userId: string | null): Promise<BidEngineRunResultDto> {
    const [strategies, campaigns, stats] = await Promise.all([
      this.repository.strategies(accountId),
      this.repository.campaigns(accountId),
      this.repository.stats(accountId),
    ]);
    const decisions = decideBids(strategies, campaigns, stats);
    const skipped = decisions.filter((decision) => !decision.changed).length;
    let applied = 0;
    const audit = (details: Record<string, unknown>) =>
      this.audit.record({ action: AUDIT_ACTION, userId, mpAccountId: accountId, details: { trigger, applied, skipped, ...details } });
    for (const request of bidsRequests(changedByCampaign(decisions))) {
      const sent = request.map((campaign) => ({
        advertId: campaign.advertId,
        bids: campaign.bids.map((bid) => ({ nmId: bid.nmId, placement: bid.placement, bidKopecks: bid.bidAfter })),
      }));
      let refusal: string | null;
      try {
        refusal = await sendBids(this.client, accountId, sent);
      } catch (error) {
        if (error instanceof MarketplaceCallError) await audit({ error: error.message });
        throw error;
      }
      if (refusal !== null) {
        const message = `Маркетплейс отклонил ставки: ${refusal}`;
        await audit({ error: message });
        const failure = { scope: bids.scope, path: bids.path, mpStatus: 400, mpRequestId: null };
        throw new MarketplaceCallError('MP_UNAVAILABLE', message, failure, false);
      }
      const accepted = request.flatMap((campaign) => campaign.bids);
      await this.repository.recordAccepted(accountId, accepted);
      applied += accepted.length;
    }
    await audit({});
    return { applied, skipped, items: decisions.map(itemOf) };
  }
}
