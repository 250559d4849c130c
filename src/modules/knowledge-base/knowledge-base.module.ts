import { Module } from '@nestjs/common';

import { KbArticlesController } from './articles/kb-articles.controller';
import { KbArticlesRepository } from './articles/kb-articles.repository';
import { KbArticlesService } from './articles/kb-articles.service';
import { KbChunksRepository } from './chunks/kb-chunks.repository';
import { KbDocumentIndexer } from './documents/kb-document-indexer';
import { KbDocumentsController } from './documents/kb-documents.controller';
import { KbDocumentsJobs } from './documents/kb-documents.jobs';
import { KbDocumentsRepository } from './documents/kb-documents.repository';
import { KbDocumentsService } from './documents/kb-documents.service';
import { KnowledgeBaseFacts } from './facts/knowledge-base-facts';
import { KbSearchController } from './search/kb-search.controller';
import { KbSearchService } from './search/kb-search.service';

/**
 * The knowledge base of an account: versioned articles, uploaded documents, their searchable chunks, search,
 * the chunks flagged as instructions to a model, and the facts other modules give the AI as quoted data.
 */
@Module({
  controllers: [KbArticlesController, KbDocumentsController, KbSearchController],
  providers: [
    KbArticlesRepository,
    KbArticlesService,
    KbChunksRepository,
    KbDocumentIndexer,
    KbDocumentsJobs,
    KbDocumentsRepository,
    KbDocumentsService,
    KbSearchService,
    KnowledgeBaseFacts,
  ],
  exports: [KnowledgeBaseFacts],
})
export class KnowledgeBaseModule {}
