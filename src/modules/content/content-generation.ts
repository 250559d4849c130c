import { Inject, Injectable } from '@nestjs/common';

import type { ContentIssue, ContentScoreContext, ContentSubjectCharc, ContentTexts } from '../../database/schema';
import type { CardTextsAnswer } from '../../llm/llm-card-texts';
import { LlmClient } from '../../llm/llm-client';
import type { Card } from '../../marketplace/endpoints/content';
import { cardHash } from './content-card-hash';
import { ContentCardSource, SearchEvidence } from './content-card-source';
import { ContentCatalogRepository } from './content-catalog.repository';
import { ContentDraftRow, ContentDraftsRepository } from './content-drafts.repository';
import { CONTENT_KNOWLEDGE, ContentKnowledge, KnowledgeFact } from './content-knowledge';
import { cardTextsRequest, ContentField } from './content-prompt';
import { reviewTexts } from './content-review';
import { DEFAULT_DESCRIPTION_BOUNDS } from './content-score';

export interface GenerationRequest {
  mpAccountId: string;
  nmIds: number[];
  fields: ContentField[];
  notes: string | null;
  jobId: string;
}

export interface GenerationResult {
  drafts: { nmId: number; draftId: string }[];
  /** Cards the marketplace does not have (any more). */
  missing: number[];
}

/** The texts a card holds now. */
function currentTexts(card: Card): ContentTexts {
  return {
    title: card.title,
    description: card.description ?? '',
    characteristics: (card.characteristics ?? []).map((charc) => ({ id: charc.id ?? 0, name: charc.name, value: charc.value })),
  };
}

/** The asked fields of the AI's texts over the card's own (names of characteristics kept from the card or the subject). */
function proposedTexts(
  current: ContentTexts,
  answer: CardTextsAnswer,
  fields: readonly ContentField[],
  charcs: ContentSubjectCharc[],
): ContentTexts {
  if (!answer.texts) return current;
  const named = answer.texts.characteristics.map((charc) => ({
    id: charc.id,
    name: current.characteristics.find((have) => have.id === charc.id)?.name ?? charcs.find((known) => known.charcID === charc.id)?.name,
    value: charc.value,
  }));
  return {
    title: fields.includes('title') ? answer.texts.title : current.title,
    description: fields.includes('description') ? answer.texts.description : current.description,
    characteristics: fields.includes('characteristics') ? named : current.characteristics,
  };
}

/**
 * A draft for each card: the card read fresh, its subject's characteristics, knowledge-base facts and search phrases →
 * the AI's texts (the card's, the marketplace's and the knowledge base's words only as quoted data) → scored and
 * checked. An AI answer that cannot be used leaves the card's texts as they are, with the reason as an error issue; an AI
 * that cannot be reached ends the run with its error.
 */
@Injectable()
export class ContentGeneration {
  constructor(
    private readonly source: ContentCardSource,
    private readonly llm: LlmClient,
    private readonly drafts: ContentDraftsRepository,
    private readonly catalog: ContentCatalogRepository,
    @Inject(CONTENT_KNOWLEDGE) private readonly knowledge: ContentKnowledge,
  ) {}

  async run(request: GenerationRequest, onCard: (done: number) => Promise<void>): Promise<GenerationResult> {
    const evidence = await this.source.searchEvidence(request.mpAccountId, request.nmIds);
    const charcsBySubject = new Map<number, ContentSubjectCharc[]>();
    const result: GenerationResult = { drafts: [], missing: [] };
    for (const [done, nmId] of request.nmIds.entries()) {
      const card = await this.source.card(request.mpAccountId, nmId);
      if (!card) result.missing.push(nmId);
      else {
        const draft = await this.draftOf(request, card, evidence, await this.charcsOf(request.mpAccountId, card, charcsBySubject));
        result.drafts.push({ nmId, draftId: draft.id });
      }
      await onCard(done + 1);
    }
    return result;
  }

  private async charcsOf(accountId: string, card: Card, cache: Map<number, ContentSubjectCharc[]>): Promise<ContentSubjectCharc[]> {
    if (card.subjectID === undefined) return [];
    let charcs = cache.get(card.subjectID);
    if (!charcs) {
      const listed = await this.source.subjectCharcs(accountId, card.subjectID);
      charcs = listed.map(({ charcID, name, required, charcType, maxCount }) => ({ charcID, name, required, charcType, maxCount }));
      cache.set(card.subjectID, charcs);
    }
    return charcs;
  }

  private async draftOf(
    request: GenerationRequest,
    card: Card,
    evidence: SearchEvidence,
    subjectCharcs: ContentSubjectCharc[],
  ): Promise<ContentDraftRow> {
    const keywords = evidence.keywords.get(card.nmID) ?? [];
    const facts = await this.knowledge.factsFor({
      mpAccountId: request.mpAccountId,
      nmId: card.nmID,
      brand: card.brand,
      subjectName: card.subjectName ?? null,
    });
    const context = await this.scoreContext(request.mpAccountId, card, evidence, facts, subjectCharcs);
    const current = currentTexts(card);
    const answer = await this.llm.cardTexts(
      request.mpAccountId,
      cardTextsRequest({ card, current, fields: request.fields, keywords, facts, subjectCharcs, notes: request.notes }),
    );
    const proposed = proposedTexts(current, answer, request.fields, subjectCharcs);
    const phrases = keywords.map((keyword) => keyword.text);
    const before = reviewTexts(current, phrases, context);
    const after = reviewTexts(proposed, phrases, context);
    const extra: ContentIssue[] = [];
    if (answer.problem) extra.push({ field: 'proposed', message: answer.problem, severity: 'error' });
    if (evidence.unavailable) extra.push({ field: 'keywords', message: evidence.unavailable, severity: 'info' });
    return this.drafts.insertSuperseding({
      mpAccountId: request.mpAccountId,
      nmId: card.nmID,
      jobId: request.jobId,
      baseHash: cardHash(card),
      keywords,
      current,
      proposed,
      scoreBefore: before.score,
      scoreAfter: after.score,
      issues: [...extra, ...after.issues],
      scoreContext: context,
      knowledgeSources: facts.map(({ sourceType, sourceId, version }) => ({ sourceType, sourceId, version })),
      notes: request.notes,
    });
  }

  /** Competitors: the brands of other cards in the search answers and the catalog; the facts back claims. */
  private async scoreContext(
    accountId: string,
    card: Card,
    evidence: SearchEvidence,
    facts: KnowledgeFact[],
    subjectCharcs: ContentSubjectCharc[],
  ): Promise<ContentScoreContext> {
    const brands = new Set(await this.catalog.otherBrands(accountId, card.brand));
    for (const [nmId, brand] of evidence.brands) if (nmId !== card.nmID && brand !== card.brand && brand !== '') brands.add(brand);
    return {
      competitorBrands: [...brands].sort(),
      factTexts: facts.map((fact) => fact.text),
      descriptionBounds: DEFAULT_DESCRIPTION_BOUNDS,
      subjectCharcs,
    };
  }
}
