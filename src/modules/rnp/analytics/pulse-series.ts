import { dayNumber, isoWeekday, shiftDay } from '../../../common/time/calendar-days';
import type { PulseGroup } from './pulse-matrix.dto';

/** The periods of a range: each day, or each week's Monday with the range's days in it (their first and last as day numbers). */
export interface RangePeriods {
  period: string[];
  days: number[];
  first: number[];
  last: number[];
}

export function rangePeriods(dateFrom: string, dateTo: string, groupBy: PulseGroup): RangePeriods {
  const periods: RangePeriods = { period: [], days: [], first: [], last: [] };
  for (let day = dateFrom; day <= dateTo; day = shiftDay(day, 1)) {
    const period = groupBy === 'week' ? shiftDay(day, 1 - isoWeekday(day)) : day;
    const at = periods.period.length - 1;
    if (periods.period[at] === period) {
      periods.days[at] += 1;
      periods.last[at] += 1;
    } else {
      periods.period.push(period);
      periods.days.push(1);
      periods.first.push(dayNumber(day));
      periods.last.push(dayNumber(day));
    }
  }
  return periods;
}
