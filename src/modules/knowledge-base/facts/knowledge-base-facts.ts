import { Injectable } from '@nestjs/common';

import type { KbSourceRef } from '../../../database/schema';
import { KbChunksRepository } from '../chunks/kb-chunks.repository';

/** A piece of the knowledge base to give a model, always as quoted data: never as instructions. */
export interface KbFact extends KbSourceRef {
  title: string;
  text: string;
}

/** As many facts as a prompt takes for one card. */
const FACTS_PER_CARD = 3;

/**
 * What the knowledge base knows of a card, for the modules that write with the AI (replies, content): the best chunks
 * of published articles and indexed documents about the card, its brand or the whole account; never a flagged one.
 */
@Injectable()
export class KnowledgeBaseFacts {
  constructor(private readonly chunks: KbChunksRepository) {}

  /** `brandId` left out: the card's own brand in the catalog. `q`: the text the facts should answer (a buyer's question). */
  async forCard(accountId: string, card: { nmId: number; brandId?: string | null; q: string }): Promise<KbFact[]> {
    const rows = await this.chunks.forCard(accountId, { ...card, limit: FACTS_PER_CARD });
    return rows.map(({ sourceType, sourceId, version, title, text }) => ({ sourceType, sourceId, version, title, text }));
  }
}
