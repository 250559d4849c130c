import type { AuditQuery } from '../../api/admin-queries';

/** What the audit log screen filters by; the dates are the calendar days of the date inputs (YYYY-MM-DD), both included. */
export interface AuditFilter {
  action: string | null;
  userId: string | null;
  mpAccountId: string | null;
  fromDay: string;
  toDay: string;
}

export const NO_AUDIT_FILTER: AuditFilter = { action: null, userId: null, mpAccountId: null, fromDay: '', toDay: '' };

/** The start of a calendar day in the browser's time zone, as the API's date-time. */
function startOfDay(day: string, addDays = 0): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year, month - 1, date + addDays).toISOString();
}

/** The route's query: the day range becomes [start of the first day, start of the day after the last). */
export function auditQuery(filter: AuditFilter, page: number, limit: number): AuditQuery {
  return {
    page,
    limit,
    ...(filter.action && { action: filter.action }),
    ...(filter.userId && { userId: filter.userId }),
    ...(filter.mpAccountId && { mpAccountId: filter.mpAccountId }),
    ...(filter.fromDay && { from: startOfDay(filter.fromDay) }),
    ...(filter.toDay && { to: startOfDay(filter.toDay, 1) }),
  };
}
