import { Injectable } from '@nestjs/common';

import type { KbSourceRef } from '../../database/schema';
import { KnowledgeBaseFacts } from '../knowledge-base/facts/knowledge-base-facts';

/** A fact of the knowledge base about a card, with the article or document version the draft is made with. */
export interface KnowledgeFact extends KbSourceRef {
  text: string;
}

/** The card a fact is asked for. */
export interface KnowledgeSubject {
  mpAccountId: string;
  nmId: number;
  brand: string;
  subjectName: string | null;
}

/** Where the content studio takes knowledge-base facts from (CONTENT_KNOWLEDGE). */
export interface ContentKnowledge {
  factsFor(subject: KnowledgeSubject): Promise<KnowledgeFact[]>;
}

export const CONTENT_KNOWLEDGE = Symbol('CONTENT_KNOWLEDGE');

/**
 * The knowledge base's facts about the card: of the card itself, its brand in the catalog or the whole account, ranked
 * for the card's subject and brand; never a flagged one.
 */
@Injectable()
export class KnowledgeBaseContentKnowledge implements ContentKnowledge {
  constructor(private readonly facts: KnowledgeBaseFacts) {}

  async factsFor(subject: KnowledgeSubject): Promise<KnowledgeFact[]> {
    const q = [subject.subjectName, subject.brand].filter(Boolean).join(' ');
    const facts = await this.facts.forCard(subject.mpAccountId, { nmId: subject.nmId, q });
    return facts.map(({ sourceType, sourceId, version, text }) => ({ sourceType, sourceId, version, text }));
  }
}
