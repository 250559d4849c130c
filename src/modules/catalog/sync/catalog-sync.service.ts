import { Injectable } from '@nestjs/common';

import { AccountSyncStates } from '../../../sync-state/account-sync-states';
import { CatalogSyncStartedDto, CatalogSyncStatusDto } from './catalog-sync.dto';
import { CATALOG_SYNC, CATALOG_SYNC_JOB } from './catalog-sync.jobs';
import { CatalogSyncRepository } from './catalog-sync.repository';

@Injectable()
export class CatalogSyncService {
  constructor(
    private readonly repository: CatalogSyncRepository,
    private readonly syncStates: AccountSyncStates,
  ) {}

  /** Cards then prices; while a sync of the account is unfinished, its id with alreadyRunning. */
  start(accountId: string): Promise<CatalogSyncStartedDto> {
    return this.syncStates.start(CATALOG_SYNC, CATALOG_SYNC_JOB, { mpAccountId: accountId }, accountId);
  }

  /** A new key may open another seller's catalog: the cards pass starts a new cycle from the oldest card. */
  async startWithNewKey(accountId: string): Promise<CatalogSyncStartedDto> {
    await this.syncStates.resumeOf(CATALOG_SYNC, accountId).save(null);
    return this.start(accountId);
  }

  /** Spec: Catalog sync status. lastSyncAt is the last prices pass. */
  async status(accountId: string): Promise<CatalogSyncStatusDto> {
    const [sync, productCount] = await Promise.all([
      this.syncStates.status(CATALOG_SYNC, accountId),
      this.repository.productCount(accountId),
    ]);
    return {
      productCount,
      lastSyncAt: sync.lastSyncedAt.prices ?? null,
      lastCardsSyncAt: sync.lastSyncedAt.cards ?? null,
      jobId: sync.jobId,
      state: sync.state,
      message: sync.message,
      errorMessage: sync.errorMessage,
    };
  }
}
