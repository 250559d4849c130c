import { setImmediate } from 'node:timers/promises';

import { Injectable } from '@nestjs/common';

import type { DataScope } from '../../common/auth/data-scope';
import { pageOffset, toPage } from '../../common/http/pagination';
import type { Page } from '../../common/http/pagination.dto';
import type { ContentAuditItemDto, ContentAuditQueryDto } from './content.dto';
import { AuditCard, ContentCatalogRepository } from './content-catalog.repository';
import { DEFAULT_DESCRIPTION_BOUNDS, scoreContent } from './content-score';

/** Cards scored between two turns of the event loop: about 0.1 s of work, so that other requests are answered meanwhile. */
const SLICE = 1000;

const brandsOf = (cards: AuditCard[]) => [...new Set(cards.map((card) => card.brand).filter((brand) => brand !== ''))];

/** Each card scored against the search phrases of its latest draft, the account's other brands as competitors and no facts. */
export function scoreAuditCards(cards: AuditCard[], brands = brandsOf(cards)): ContentAuditItemDto[] {
  return cards.map((card): ContentAuditItemDto => {
    const context = {
      competitorBrands: brands.filter((brand) => brand !== card.brand),
      factTexts: [],
      descriptionBounds: DEFAULT_DESCRIPTION_BOUNDS,
      subjectCharcs: [],
    };
    const texts = { title: card.title, description: card.description };
    const { score, issues } = scoreContent({ texts, keywords: card.keywords, context });
    return { nmId: card.nmId, vendorCode: card.vendorCode, title: card.title, subjectName: card.subjectName, score, issues };
  });
}

/**
 * The account's cards scored without AI or the marketplace, worst first: their texts as the last cards sync saw them,
 * the search phrases of their latest draft (none before the first), the account's other brands as competitors and no
 * knowledge-base facts, so every claim counts as unbacked. Scored in memory: a catalog of some thousand cards.
 */
@Injectable()
export class ContentAuditService {
  constructor(private readonly catalog: ContentCatalogRepository) {}

  async audit(scope: DataScope, query: ContentAuditQueryDto): Promise<Page<ContentAuditItemDto>> {
    const cards = await this.catalog.auditCards(scope);
    const brands = brandsOf(cards);
    const scored: ContentAuditItemDto[] = [];
    for (let from = 0; from < cards.length; from += SLICE) {
      if (from > 0) await setImmediate();
      scored.push(...scoreAuditCards(cards.slice(from, from + SLICE), brands));
    }
    const below = query.scoreBelow;
    const listed = (below === undefined ? scored : scored.filter((item) => item.score < below)).sort(
      (a, b) => a.score - b.score || a.nmId - b.nmId,
    );
    const offset = pageOffset(query);
    return toPage(listed.slice(offset, offset + query.limit), listed.length, query);
  }
}
