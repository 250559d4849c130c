/** A fact of the knowledge base about a card, at the version the draft is made with. */
export interface KnowledgeFact {
  articleId: string;
  version: number;
  text: string;
}

/** The card a fact is asked for. */
export interface KnowledgeSubject {
  mpAccountId: string;
  nmId: number;
  brand: string;
  subjectName: string | null;
}

/** Where the content studio takes knowledge-base facts from; the knowledge base provides it under CONTENT_KNOWLEDGE. */
export interface ContentKnowledge {
  factsFor(subject: KnowledgeSubject): Promise<KnowledgeFact[]>;
}

export const CONTENT_KNOWLEDGE = Symbol('CONTENT_KNOWLEDGE');

/** Until a knowledge base is connected: no facts, so no claim is backed. */
export class NoContentKnowledge implements ContentKnowledge {
  factsFor(): Promise<KnowledgeFact[]> {
    return Promise.resolve([]);
  }
}
