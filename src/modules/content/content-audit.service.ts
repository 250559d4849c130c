import { Injectable } from '@nestjs/common';

import type { DataScope } from '../../common/auth/data-scope';
import { pageOffset, toPage } from '../../common/http/pagination';
import type { Page } from '../../common/http/pagination.dto';
import type { ContentAuditItemDto, ContentAuditQueryDto } from './content.dto';
import { AuditProduct, ContentCatalogRepository } from './content-catalog.repository';
import { ContentDraftsRepository } from './content-drafts.repository';
import { DEFAULT_DESCRIPTION_BOUNDS, scoreContent } from './content-score';

/** Each card scored against the search phrases of its latest draft, the other cards' brands as competitors and no facts. */
export function scoreAuditCards(cards: AuditProduct[], keywords: ReadonlyMap<number, string[]>): ContentAuditItemDto[] {
  const brands = [...new Set(cards.map((card) => card.brand).filter((brand) => brand !== ''))];
  return cards.map((card): ContentAuditItemDto => {
    const context = {
      competitorBrands: brands.filter((brand) => brand !== card.brand),
      factTexts: [],
      descriptionBounds: DEFAULT_DESCRIPTION_BOUNDS,
      subjectCharcs: [],
    };
    const texts = { title: card.title, description: card.description ?? '' };
    const { score, issues } = scoreContent({ texts, keywords: keywords.get(card.nmId) ?? [], context });
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
  constructor(
    private readonly catalog: ContentCatalogRepository,
    private readonly drafts: ContentDraftsRepository,
  ) {}

  async audit(scope: DataScope, query: ContentAuditQueryDto): Promise<Page<ContentAuditItemDto>> {
    const cards = await this.catalog.auditProducts(scope);
    const keywords = await this.drafts.latestKeywords(
      scope.accountId,
      cards.map((card) => card.nmId),
    );
    const scored = scoreAuditCards(cards, keywords);
    const below = query.scoreBelow;
    const listed = (below === undefined ? scored : scored.filter((item) => item.score < below)).sort(
      (a, b) => a.score - b.score || a.nmId - b.nmId,
    );
    const offset = pageOffset(query);
    return toPage(listed.slice(offset, offset + query.limit), listed.length, query);
  }
}
