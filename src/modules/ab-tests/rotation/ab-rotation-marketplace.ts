import { Injectable } from '@nestjs/common';

import { shiftDay } from '../../../common/time/calendar-days';
import { moscowToday } from '../../../common/time/moscow-time';
import type { AbTestMediaItem } from '../../../database/schema/ab-tests';
import { MarketplaceClient } from '../../../marketplace/client/marketplace-client';
import { adverts, fullstats } from '../../../marketplace/endpoints/advert';
import { mediaSave } from '../../../marketplace/endpoints/content';
import { statsRows } from '../../autobidder/campaigns/campaign-sync-rows';
import { WITH_STATS } from '../../autobidder/campaigns/campaign-sync-walker';
import { STATS_CALL_DAYS } from '../../autobidder/stats-days';
import { ContentCardSource } from '../../content/content-card-source';
import type { CounterSnapshot } from '../engine/variant-counts';
import { cardMedia } from './card-media';

/** Reference 6: the status of an active campaign; paused is 11, finished 7. */
const CAMPAIGN_ACTIVE = 9;

/** What the media call answered: sent, or refused at once with the marketplace's text. */
export type MediaSaveOutcome = { sent: true } | { sent: false; reason: string };

/** What the rotation reads and writes on the marketplace: the card's media, the campaign, its counters of the card. */
@Injectable()
export class AbRotationMarketplace {
  constructor(
    private readonly client: MarketplaceClient,
    private readonly cards: ContentCardSource,
  ) {}

  /** The card's media as the marketplace shows it now, or null when the seller has no such card. */
  async media(accountId: string, nmId: number): Promise<AbTestMediaItem[] | null> {
    const card = await this.cards.card(accountId, nmId);
    return card ? cardMedia(card) : null;
  }

  /** Reference 15.4: the card's whole new set. A 200 only means accepted: whether it applied shows on the card later. */
  async saveMedia(accountId: string, nmId: number, urls: string[]): Promise<MediaSaveOutcome> {
    const answer = await this.client.call(mediaSave, { accountId }, { nmId, data: urls });
    if (!answer.ok) return { sent: false, reason: `маркетплейс ответил ${answer.status}` };
    if (answer.body.error) return { sent: false, reason: answer.body.errorText || 'маркетплейс отклонил набор фото' };
    return { sent: true };
  }

  /** The campaign's status (reference 6.2), or null when the marketplace no longer has it. */
  async campaignStatus(accountId: string, advertId: number): Promise<number | null> {
    const { body } = await this.client.call(adverts, { accountId }, { ids: String(advertId) });
    return body.adverts.find((advert) => advert.id === advertId)?.status ?? null;
  }

  isActive(status: number | null): boolean {
    return status === CAMPAIGN_ACTIVE;
  }

  /**
   * The campaign's cumulative views and clicks of the card from the Moscow day `fromDay` to today (reference 6.3, 31
   * days a call): only differences of two readings count, so the start day just has to stay the same over a test.
   */
  async counters(accountId: string, advertId: number, nmId: number, fromDay: string, now = new Date()): Promise<CounterSnapshot> {
    const today = moscowToday(now);
    const total = { views: 0, clicks: 0 };
    for (let beginDate = fromDay; beginDate <= today; beginDate = shiftDay(beginDate, STATS_CALL_DAYS)) {
      const endDate = [shiftDay(beginDate, STATS_CALL_DAYS - 1), today].sort()[0];
      const { body } = await this.client.call(fullstats, { accountId }, { ids: String(advertId), beginDate, endDate });
      for (const row of body.flatMap(statsRows))
        if (row.advertId === advertId && row.nmId === nmId) {
          total.views += row.views;
          total.clicks += row.clicks;
        }
    }
    return total;
  }

  /** Whether fullstats answers for a campaign in this status. */
  hasStats(status: number | null): boolean {
    return status !== null && WITH_STATS.has(status);
  }
}
