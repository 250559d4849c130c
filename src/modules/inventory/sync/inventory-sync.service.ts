import { Injectable } from '@nestjs/common';

import { AccountSyncStates } from '../../../sync-state/account-sync-states';
import { INVENTORY_SYNC, INVENTORY_SYNC_JOB } from '../inventory.jobs';
import type { InventorySyncStartedDto } from './inventory-sync.dto';

/** Starts an account's stock sync. */
@Injectable()
export class InventorySyncService {
  constructor(private readonly syncStates: AccountSyncStates) {}

  /** While a sync of the account is unfinished (a user's or the schedule's), its id with alreadyRunning. */
  start(accountId: string): Promise<InventorySyncStartedDto> {
    return this.syncStates.start(INVENTORY_SYNC, INVENTORY_SYNC_JOB, { mpAccountId: accountId }, accountId);
  }
}
