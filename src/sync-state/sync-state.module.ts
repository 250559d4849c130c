import { Module } from '@nestjs/common';

import { AccountSyncRunner } from './account-sync-runner';
import { AccountSyncStates } from './account-sync-states';
import { AccountSyncStatesRepository } from './account-sync-states.repository';

/** The per-account sync state that every synchronising module (catalog, inbox, imports, ads) keeps and shows, and the runner of their jobs. */
@Module({ providers: [AccountSyncStatesRepository, AccountSyncStates, AccountSyncRunner], exports: [AccountSyncStates, AccountSyncRunner] })
export class SyncStateModule {}
