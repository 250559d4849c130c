import { Module } from '@nestjs/common';

import { AccountSyncStates } from './account-sync-states';
import { AccountSyncStatesRepository } from './account-sync-states.repository';

/** The per-account sync state that every synchronising module (catalog, inbox, imports, ads) keeps and shows. */
@Module({ providers: [AccountSyncStatesRepository, AccountSyncStates], exports: [AccountSyncStates] })
export class SyncStateModule {}
