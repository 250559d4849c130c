import { Module } from '@nestjs/common';

import { KbArticlesController } from './articles/kb-articles.controller';
import { KbArticlesRepository } from './articles/kb-articles.repository';
import { KbArticlesService } from './articles/kb-articles.service';
import { KbChunksRepository } from './chunks/kb-chunks.repository';
import { KnowledgeBaseFacts } from './facts/knowledge-base-facts';
import { KbSearchController } from './search/kb-search.controller';
import { KbSearchService } from './search/kb-search.service';

/**
 * The knowledge base of an account: versioned articles, their searchable chunks (shared with uploaded documents), search,
 * the chunks flagged as instructions to a model, and the facts other modules give the AI as quoted data.
 */
@Module({
  controllers: [KbArticlesController, KbSearchController],
  providers: [KbArticlesRepository, KbArticlesService, KbChunksRepository, KbSearchService, KnowledgeBaseFacts],
  exports: [KnowledgeBaseFacts],
})
export class KnowledgeBaseModule {}
