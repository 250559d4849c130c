import { Inject, Injectable } from '@nestjs/common';

import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import { MarketplaceClient } from '../../../marketplace/client/marketplace-client';
import { MarketplaceCallError } from '../../../marketplace/client/marketplace-errors';
import { bids } from '../../../marketplace/endpoints/advert';
import { SKIPPED_ACCOUNT_BUSY } from '../../../queue/account-jobs';
import type { LeaseTrigger } from '../../../queue/account-lease';
import { bidReason, bidReasonText, KOPECK_WORDS } from '../../../shared/autobidder/bid-reason';
import { AuditService } from '../../audit/audit.service';
import { bidsRequests, sendBidsApart } from '../bids-requests';
import { BidDecision, bidEvidenceKey, decideBids } from './bid-decisions';
import type { BidEngineRunItemDto, BidEngineRunResultDto } from './bid-engine-run.dto';
import { AcceptedBid, BidEngineRunRepository } from './bid-engine-run.repository';
import { BidEngineRunLock } from './bid-engine-run-lock';

const AUDIT_ACTION = 'autobidder.bid-engine.run';

/** A campaign's changed bids as one entry of a bids request. */
interface CampaignChange {
  advertId: number;
  bids: AcceptedBid[];
}

/** The changed bids by campaign, in the order decided (a changed decision always has its placement and bids). */
function changedByCampaign(decisions: BidDecision[]): CampaignChange[] {
  const campaigns = new Map<number, AcceptedBid[]>();
  for (const { changed, productName: _productName, placement, bidBefore, bidAfter, ...decision } of decisions) {
    if (!changed) continue;
    const bids = campaigns.get(decision.advertId) ?? [];
    bids.push({ ...decision, placement: placement!, bidBefore: bidBefore!, bidAfter: bidAfter! });
    campaigns.set(decision.advertId, bids);
  }
  return [...campaigns].map(([advertId, bids]) => ({ advertId, bids }));
}

/** A request entry as the bids call takes it. */
function toSend(campaign: CampaignChange) {
  return { ...campaign, bids: campaign.bids.map((bid) => ({ ...bid, bidKopecks: bid.bidAfter })) };
}

/** The key of a decided bid among the refused ones. */
function bidKey(bid: { advertId: number; nmId: number; placement: string | null }): string {
  return bidEvidenceKey(bid.advertId, bid.nmId, bid.placement ?? '');
}

/** The item of a decision; a bid the marketplace refused stays as it was, with the marketplace's words. */
function itemOf({ changed, ...item }: BidDecision, refusals: ReadonlyMap<string, string>): BidEngineRunItemDto {
  const refusal = changed ? refusals.get(bidKey(item)) : undefined;
  if (refusal === undefined) return item;
  const reasonFields = bidReason('refused', { refusal, before: item.bidBefore, after: item.bidBefore });
  return { ...item, bidAfter: item.bidBefore, reason: bidReasonText(reasonFields, KOPECK_WORDS), reasonFields };
}

/**
 * Spec: Bid engine routes, engine rules 1-9. The decisions of decideBids; the changed bids go to the marketplace in
 * requests of up to 50 campaigns, and each accepted request is recorded at once (stored bids, baselines, bid log). A
 * refused request is sent again campaign by campaign: the campaigns the marketplace takes are applied, those it refuses
 * keep their bids with its words. A request none of whose campaigns the marketplace takes ends the run with the
 * error: it is not logged, the requests accepted before it stay logged. Audited only when a bid changed.
 */
@Injectable()
export class BidEngineRunService {
  constructor(
    private readonly repository: BidEngineRunRepository,
    private readonly lock: BidEngineRunLock,
    private readonly client: MarketplaceClient,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
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
    const [strategies, campaigns, stats, evidence] = await Promise.all([
      this.repository.strategies(accountId),
      this.repository.campaigns(accountId),
      this.repository.stats(accountId),
      this.repository.evidence(accountId),
    ]);
    const decisions = decideBids(strategies, campaigns, { stats, evidence, minClicks: this.config.autobidder.minClicks });
    // The refused bids with the marketplace's words.
    const refusals = new Map<string, string>();
    let applied = 0;
    const counts = () => ({ applied, refused: refusals.size, skipped: decisions.length - applied - refusals.size });
    const audit = async (details: Record<string, unknown> = {}) => {
      if (applied > 0)
        await this.audit.record({ action: AUDIT_ACTION, userId, mpAccountId: accountId, details: { trigger, ...counts(), ...details } });
    };
    const record = async (sent: ReturnType<typeof toSend>[]) => {
      const accepted = sent.flatMap((campaign) => campaign.bids);
      await this.repository.recordAccepted(accountId, accepted);
      applied += accepted.length;
    };
    for (const request of bidsRequests(changedByCampaign(decisions))) {
      let refused: Map<number, string>;
      try {
        refused = await sendBidsApart(this.client, accountId, request.map(toSend), record);
      } catch (error) {
        if (error instanceof MarketplaceCallError) await audit({ error: error.message });
        throw error;
      }
      if (refused.size === request.length) {
        const message = `Маркетплейс отклонил ставки: ${[...new Set(refused.values())].join('; ')}`;
        await audit({ error: message });
        const failure = { scope: bids.scope, path: bids.path, mpStatus: 400, mpRequestId: null };
        throw new MarketplaceCallError('MP_UNAVAILABLE', message, failure, false);
      }
      for (const campaign of request) {
        const refusal = refused.get(campaign.advertId);
        if (refusal !== undefined) for (const bid of campaign.bids) refusals.set(bidKey(bid), refusal);
      }
    }
    await audit();
    return { ...counts(), items: decisions.map((decision) => itemOf(decision, refusals)) };
  }
}
