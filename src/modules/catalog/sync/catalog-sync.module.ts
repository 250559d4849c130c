import { Module, OnModuleInit } from '@nestjs/common';

import { SyncStateModule } from '../../../sync-state/sync-state.module';
import { MpAccountKeyEvents } from '../../mp-accounts/mp-account-key.events';
import { MpAccountsModule } from '../../mp-accounts/mp-accounts.module';
import { CatalogSyncController } from './catalog-sync.controller';
import { CatalogSyncJobs } from './catalog-sync.jobs';
import { CatalogSyncRepository } from './catalog-sync.repository';
import { CatalogSyncService } from './catalog-sync.service';
import { CatalogSyncWalker } from './catalog-sync-walker';

/** Catalog synchronisation: cards and prices from the marketplace, on request, on a new key and on schedules. */
@Module({
  imports: [MpAccountsModule, SyncStateModule],
  controllers: [CatalogSyncController],
  providers: [CatalogSyncRepository, CatalogSyncService, CatalogSyncWalker, CatalogSyncJobs],
})
export class CatalogSyncModule implements OnModuleInit {
  constructor(
    private readonly keyEvents: MpAccountKeyEvents,
    private readonly sync: CatalogSyncService,
  ) {}

  /** Spec: Catalog synchronisation schedule. Cards then prices when an account is connected or its key changes. */
  onModuleInit(): void {
    this.keyEvents.onKeySet(async ({ accountId }) => {
      await this.sync.startWithNewKey(accountId);
    });
  }
}
