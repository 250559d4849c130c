import { Injectable } from '@nestjs/common';

import { AccountSyncStates } from '../../../sync-state/account-sync-states';
import { AUTOREPLY_SYNC_JOB, INBOX_SYNC } from '../autoreply.jobs';
import type { AutoreplySyncStartedDto } from './inbox.dto';

/** Starts an account's inbox sync. */
@Injectable()
export class InboxSyncService {
  constructor(private readonly syncStates: AccountSyncStates) {}

  /** While a sync of the account is unfinished (a user's or the schedule's), its id with alreadyRunning. */
  start(accountId: string): Promise<AutoreplySyncStartedDto> {
    return this.syncStates.start(INBOX_SYNC, AUTOREPLY_SYNC_JOB, { mpAccountId: accountId }, accountId);
  }
}
