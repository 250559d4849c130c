import { Module } from '@nestjs/common';

import { SyncStateModule } from '../../sync-state/sync-state.module';
import { KnowledgeBaseModule } from '../knowledge-base/knowledge-base.module';
import { MpAccountsModule } from '../mp-accounts/mp-accounts.module';
import { AutoreplyJobs } from './autoreply.jobs';
import { ComplaintReasonsController } from './complaints/complaint-reasons.controller';
import { ComplaintRulesController } from './complaints/complaint-rules.controller';
import { ComplaintRulesRepository } from './complaints/complaint-rules.repository';
import { ComplaintRulesService } from './complaints/complaint-rules.service';
import { ComplaintWriter } from './complaints/complaint-writer';
import { ComplaintsController } from './complaints/complaints.controller';
import { ComplaintsRepository } from './complaints/complaints.repository';
import { ComplaintsService } from './complaints/complaints.service';
import { ReplyDraftsController } from './drafts/reply-drafts.controller';
import { ReplyDraftsRepository } from './drafts/reply-drafts.repository';
import { ReplyDraftsService } from './drafts/reply-drafts.service';
import { ReplyLanding } from './drafts/reply-landing';
import { ReplyPreparation } from './drafts/reply-preparation';
import { ReplyPublicationQueue } from './drafts/reply-publication-queue';
import { ReplyPublisher } from './drafts/reply-publisher';
import { InboxController } from './inbox/inbox.controller';
import { InboxRepository } from './inbox/inbox.repository';
import { InboxService } from './inbox/inbox.service';
import { InboxSyncController } from './inbox/inbox-sync.controller';
import { InboxSyncService } from './inbox/inbox-sync.service';
import { InboxSyncWalker } from './inbox/inbox-sync-walker';
import { ReplyScenariosController } from './scenarios/reply-scenarios.controller';
import { ReplyScenariosRepository } from './scenarios/reply-scenarios.repository';
import { ReplyScenariosService } from './scenarios/reply-scenarios.service';
import { AutoreplySummaryController } from './summary/autoreply-summary.controller';
import { AutoreplySummaryRepository } from './summary/autoreply-summary.repository';
import { ReplyTemplatesController } from './templates/reply-templates.controller';
import { ReplyTemplatesRepository } from './templates/reply-templates.repository';
import { ReplyTemplatesService } from './templates/reply-templates.service';

/**
 * Feedback and question auto-replies: the inbox synced from the marketplace on request and every 10 minutes; templates,
 * scenarios, drafts and their publishing queue; complaints; the summary.
 */
@Module({
  imports: [MpAccountsModule, SyncStateModule, KnowledgeBaseModule],
  controllers: [
    InboxSyncController,
    InboxController,
    ReplyTemplatesController,
    ReplyScenariosController,
    ReplyDraftsController,
    AutoreplySummaryController,
    ComplaintReasonsController,
    ComplaintRulesController,
    ComplaintsController,
  ],
  providers: [
    InboxRepository,
    InboxService,
    InboxSyncService,
    InboxSyncWalker,
    ReplyTemplatesRepository,
    ReplyTemplatesService,
    ReplyScenariosRepository,
    ReplyScenariosService,
    ReplyDraftsRepository,
    ReplyDraftsService,
    ReplyPreparation,
    ReplyPublicationQueue,
    ReplyPublisher,
    ReplyLanding,
    AutoreplySummaryRepository,
    AutoreplyJobs,
    ComplaintRulesRepository,
    ComplaintRulesService,
    ComplaintsRepository,
    ComplaintsService,
    ComplaintWriter,
  ],
})
export class AutoreplyModule {}
