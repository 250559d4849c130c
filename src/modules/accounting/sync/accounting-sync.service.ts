import { Injectable } from '@nestjs/common';

import { AppError } from '../../../common/errors/app-error';
import { AccountSyncStates } from '../../../sync-state/account-sync-states';
import { checkReportPeriod } from '../../digitization/imports/import-period';
import { ACCOUNTING_SYNC, ACCOUNTING_SYNC_JOB } from '../accounting.jobs';
import type { AccountingSyncStartDto, AccountingSyncStartedDto } from '../reports/accounting-reports.dto';

/** The longest period one accounting sync takes. */
export const ACCOUNTING_SYNC_MAX_DAYS = 366;

/** Starts an account's accounting sync. */
@Injectable()
export class AccountingSyncService {
  constructor(private readonly syncStates: AccountSyncStates) {}

  /** A period is both days or neither (the default); while a sync of the account is unfinished, its id with alreadyRunning. */
  start(body: AccountingSyncStartDto): Promise<AccountingSyncStartedDto> {
    const { mpAccountId, dateFrom, dateTo } = body;
    if ((dateFrom === undefined) !== (dateTo === undefined))
      throw new AppError('BAD_REQUEST', 'Укажите обе даты периода или ни одной (тогда — последние 90 дней)');
    if (dateFrom && dateTo) checkReportPeriod({ dateFrom, dateTo }, ACCOUNTING_SYNC_MAX_DAYS);
    return this.syncStates.start(ACCOUNTING_SYNC, ACCOUNTING_SYNC_JOB, { mpAccountId, dateFrom, dateTo }, mpAccountId);
  }
}
