import { Injectable } from '@nestjs/common';

import { shiftDay } from '../../common/time/calendar-days';
import { moscowToday } from '../../common/time/moscow-time';
import { MarketplaceClient } from '../../marketplace/client/marketplace-client';
import { MarketplaceCallError } from '../../marketplace/client/marketplace-errors';
import { SEARCH_TEXTS_NM_IDS_MAX, SearchText, searchTexts } from '../../marketplace/endpoints/analytics';
import { Card, cardsList, SubjectCharc, subjectCharcs } from '../../marketplace/endpoints/content';

/** Search phrases of each card, and the brands of the other cards the answers show. */
export interface SearchEvidence {
  keywords: Map<number, { text: string; frequency: number }[]>;
  brands: Map<number, string>;
  /** Why there are no phrases (no subscription, the marketplace down), in Russian; null when they were read. */
  unavailable: string | null;
}

/** Phrases a card's texts are scored and written for. */
const PHRASES_PER_CARD = 30;
/** The period of the phrases: the last four weeks up to yesterday (Moscow). */
const PHRASE_DAYS = 28;

/** What the content studio reads of the marketplace: a card fresh, its subject's characteristics, the search phrases. */
@Injectable()
export class ContentCardSource {
  constructor(private readonly client: MarketplaceClient) {}

  /** The card as the marketplace has it now (cards/list searched by its nmID), or null when the seller has no such card. */
  async card(accountId: string, nmId: number): Promise<Card | null> {
    const settings = { filter: { textSearch: String(nmId), withPhoto: -1 }, cursor: { limit: 1 } };
    const { body } = await this.client.call(cardsList, { accountId }, { settings });
    return body.cards.find((card) => card.nmID === nmId) ?? null;
  }

  async subjectCharcs(accountId: string, subjectId: number): Promise<SubjectCharc[]> {
    return (await this.client.call(subjectCharcs, { accountId }, { subjectId, locale: 'ru' })).body.data;
  }

  /**
   * The top search phrases of the cards, by frequency, 50 cards a call (reference 13.4). A seller without the
   * subscription, or a marketplace that fails, leaves the cards without phrases: the texts are still written.
   */
  async searchEvidence(accountId: string, nmIds: number[], now = new Date()): Promise<SearchEvidence> {
    const evidence: SearchEvidence = { keywords: new Map(), brands: new Map(), unavailable: null };
    const today = moscowToday(now);
    const currentPeriod = { start: shiftDay(today, -PHRASE_DAYS), end: shiftDay(today, -1) };
    for (let start = 0; start < nmIds.length; start += SEARCH_TEXTS_NM_IDS_MAX) {
      let items: SearchText[];
      try {
        const { body } = await this.client.call(
          searchTexts,
          { accountId },
          {
            nmIds: nmIds.slice(start, start + SEARCH_TEXTS_NM_IDS_MAX),
            currentPeriod,
            topOrderBy: 'openCard',
            orderBy: { field: 'openCard', mode: 'desc' },
            limit: PHRASES_PER_CARD,
          },
        );
        items = body.data.items;
      } catch (error) {
        if (!(error instanceof MarketplaceCallError)) throw error;
        evidence.unavailable = `Поисковые запросы не получены: ${error.message}`;
        continue;
      }
      for (const item of items) {
        evidence.brands.set(item.nmId, item.brandName);
        const phrases = evidence.keywords.get(item.nmId) ?? [];
        phrases.push({ text: item.text, frequency: item.frequency.current });
        evidence.keywords.set(item.nmId, phrases);
      }
    }
    for (const phrases of evidence.keywords.values()) phrases.sort((a, b) => b.frequency - a.frequency || a.text.localeCompare(b.text));
    return evidence;
  }
}
