import { describe, expect, it } from 'vitest';

import { actionLabel, detailsSummary } from './audit-entry';

describe('actionLabel', () => {
  it.each([
    ['auth.role.change', 'Смена роли'],
    ['brand-access.grant', 'Открыт доступ к бренду'],
    ['some.future.action', 'some.future.action'],
  ])('%s reads %s', (action, label) => {
    expect(actionLabel(action)).toBe(label);
  });
});

describe('detailsSummary', () => {
  it.each([
    ['a role change', 'auth.role.change', { from: 'seller', to: 'manager' }, 'Продавец → Менеджер'],
    ['a role change to an unknown role', 'auth.role.change', { from: 'admin', to: 'owner' }, 'Администратор → owner'],
    ['plain values', 'auth.login.failed', { reason: 'locked' }, 'reason: locked'],
    ['nested values', 'pricing.bulk', { items: 2, ids: [1, 2] }, 'items: 2, ids: [1,2]'],
    ['no details', 'auth.register', {}, ''],
  ])('%s', (_name, action, details, summary) => {
    expect(detailsSummary(action, details)).toBe(summary);
  });
});
