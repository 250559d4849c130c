import { Module } from '@nestjs/common';

import { KnowledgeBaseModule } from '../knowledge-base/knowledge-base.module';
import { ContentController } from './content.controller';
import { ContentJobs } from './content.jobs';
import { ContentAuditController } from './content-audit.controller';
import { ContentAuditService } from './content-audit.service';
import { ContentCardSource } from './content-card-source';
import { ContentCatalogRepository } from './content-catalog.repository';
import { ContentDraftsController } from './content-drafts.controller';
import { ContentDraftsRepository } from './content-drafts.repository';
import { ContentDraftsService } from './content-drafts.service';
import { ContentGeneration } from './content-generation';
import { CONTENT_KNOWLEDGE, KnowledgeBaseContentKnowledge } from './content-knowledge';
import { ContentPublisher } from './content-publisher';
import { ContentSummaryRepository } from './content-summary.repository';

/**
 * The content studio: card texts written by the AI as drafts, scored and checked, edited and approved by the seller,
 * published safely (the whole card, only if unchanged since), and the catalog's scores without AI.
 */
@Module({
  imports: [KnowledgeBaseModule],
  controllers: [ContentController, ContentDraftsController, ContentAuditController],
  providers: [
    ContentCardSource,
    ContentCatalogRepository,
    ContentDraftsRepository,
    ContentDraftsService,
    ContentGeneration,
    ContentPublisher,
    ContentJobs,
    ContentAuditService,
    ContentSummaryRepository,
    { provide: CONTENT_KNOWLEDGE, useClass: KnowledgeBaseContentKnowledge },
  ],
})
export class ContentModule {}
