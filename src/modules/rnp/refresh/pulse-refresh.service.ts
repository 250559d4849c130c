import { Injectable } from '@nestjs/common';

import { AppError } from '../../../common/errors/app-error';
import { daysBetween, shiftDay } from '../../../common/time/calendar-days';
import { moscowToday } from '../../../common/time/moscow-time';
import { AccountSyncStates } from '../../../sync-state/account-sync-states';
import { RNP_REFRESH, RNP_REFRESH_JOB } from '../rnp.jobs';
import type { PulseRefreshStartDto, PulseRefreshStartedDto } from './pulse-refresh.dto';
import { REWRITTEN_DAYS } from './pulse-refresh-range';

/** The longest range a user's refresh reads: the products call is made once per day of it. */
export const REFRESH_RANGE_MAX_DAYS = 31;
/** The sales funnel answers the last year only. */
const FUNNEL_DAYS_BACK = 365;

/** Starts a refresh of an account's pulse. */
@Injectable()
export class PulseRefreshService {
  constructor(private readonly syncStates: AccountSyncStates) {}

  /** The days asked for (by default the rewritten week and today); while a refresh of the account is unfinished, its id with alreadyRunning. */
  start(input: PulseRefreshStartDto): Promise<PulseRefreshStartedDto> {
    const today = moscowToday(new Date());
    const dateTo = input.dateTo ?? today;
    const dateFrom = input.dateFrom ?? shiftDay(dateTo, -REWRITTEN_DAYS);
    const problems = [];
    if (dateTo > today) problems.push({ field: 'dateTo', errors: ['maxDate'] });
    if (dateFrom < shiftDay(today, -FUNNEL_DAYS_BACK)) problems.push({ field: 'dateFrom', errors: ['minDate'] });
    if (dateFrom > dateTo) problems.push({ field: 'dateTo', errors: ['dateToBeforeDateFrom'] });
    else if (daysBetween(dateFrom, dateTo) >= REFRESH_RANGE_MAX_DAYS) problems.push({ field: 'dateTo', errors: ['maxRange'] });
    if (problems.length)
      throw AppError.validation(
        problems,
        `Дни обновления: не позже сегодня, не раньше чем год назад, не больше ${REFRESH_RANGE_MAX_DAYS} дней, dateTo не раньше dateFrom`,
      );
    return this.syncStates.start(RNP_REFRESH, RNP_REFRESH_JOB, { mpAccountId: input.mpAccountId, dateFrom, dateTo }, input.mpAccountId);
  }
}
