import { Module } from '@nestjs/common';

import { SyncStateModule } from '../../sync-state/sync-state.module';
import { MpAccountsModule } from '../mp-accounts/mp-accounts.module';
import { AutoreplyJobs } from './autoreply.jobs';
import { InboxController } from './inbox.controller';
import { InboxRepository } from './inbox.repository';
import { InboxService } from './inbox.service';
import { InboxSyncController } from './inbox-sync.controller';
import { InboxSyncService } from './inbox-sync.service';
import { InboxSyncWalker } from './inbox-sync-walker';

/** Feedback and question auto-replies: the inbox synced from the marketplace on request and every 10 minutes. */
@Module({
  imports: [MpAccountsModule, SyncStateModule],
  controllers: [InboxSyncController, InboxController],
  providers: [InboxRepository, InboxService, InboxSyncService, InboxSyncWalker, AutoreplyJobs],
})
export class AutoreplyModule {}
