import { describe, expect, it } from 'vitest';

import { auditQuery, NO_AUDIT_FILTER } from './audit-filter';

const local = (year: number, month: number, day: number) => new Date(year, month - 1, day).toISOString();

describe('auditQuery', () => {
  it.each([
    ['no filter', NO_AUDIT_FILTER, { page: 1, limit: 20 }],
    ['the action', { ...NO_AUDIT_FILTER, action: 'auth.role.change' }, { page: 1, limit: 20, action: 'auth.role.change' }],
    ['user and cabinet', { ...NO_AUDIT_FILTER, userId: 'u', mpAccountId: 'a' }, { page: 1, limit: 20, userId: 'u', mpAccountId: 'a' }],
    [
      'one day, both ends included',
      { ...NO_AUDIT_FILTER, fromDay: '2026-11-24', toDay: '2026-11-24' },
      { page: 1, limit: 20, from: local(2026, 11, 24), to: local(2026, 11, 25) },
    ],
    ['the last day of a month', { ...NO_AUDIT_FILTER, toDay: '2026-12-31' }, { page: 1, limit: 20, to: local(2027, 1, 1) }],
    ['only the start', { ...NO_AUDIT_FILTER, fromDay: '2026-02-28' }, { page: 1, limit: 20, from: local(2026, 2, 28) }],
  ])('%s', (_name, filter, expected) => {
    expect(auditQuery(filter, 1, 20)).toEqual(expected);
  });

  it('passes the page', () => {
    expect(auditQuery(NO_AUDIT_FILTER, 3, 50)).toEqual({ page: 3, limit: 50 });
  });
});
