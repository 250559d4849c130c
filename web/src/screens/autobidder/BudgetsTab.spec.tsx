import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { ACCOUNT, onePage } from '../../test/api-fixtures';
import { fakeApi } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import type { CheckResult } from './budget-check-text';
import { budgetLimit } from './budget-fixture';
import { BudgetsTab } from './BudgetsTab';

const LOWERED = budgetLimit({ id: 'budget-1', advertId: 7001, onLimitAction: 'reduce_bids' });
const LACKING = budgetLimit({ id: 'budget-2', advertId: 7002, dailyLimitRub: null, periodLimitRub: 3000, periodStartDate: '2026-01-01' });
const gap = [{ from: '2026-01-01', to: '2026-01-03' }];
const CHECKED: CheckResult = {
  checked: 2,
  triggered: 1,
  items: [
    {
      budgetId: LOWERED.id,
      advertId: 7001,
      limitType: 'daily',
      limitRub: 500,
      spendRub: 512.3,
      action: 'reduce_bids',
      spendComplete: true,
      missingDays: [],
      applied: false,
      outcome: 'at_minimum',
      reason: 'Ставки кампании уже на минимальных ставках маркетплейса: снижать некуда',
    },
  ],
  incomplete: [
    {
      budgetId: LACKING.id,
      advertId: 7002,
      limitType: 'period',
      limitRub: 3000,
      spendRub: 1200,
      action: 'pause',
      spendComplete: false,
      missingDays: gap,
    },
  ],
};

describe('the budget limits after a check', () => {
  it("show what each limit's action did and warn of spend counted without some days", async () => {
    fakeApi.answer((call) => {
      if (call.path === '/autobidder/budgets') return { status: 200, body: onePage([LOWERED, LACKING]) };
      if (call.path === '/autobidder/campaigns') return { status: 200, body: onePage([]) };
      if (call.path === '/autobidder/budgets/check') return { status: 200, body: CHECKED };
      return undefined;
    });
    renderInApp(<BudgetsTab mpAccountId={ACCOUNT.id} />);
    const table = await screen.findByRole('table', { name: 'Лимиты бюджета' });
    fireEvent.click(screen.getByRole('button', { name: 'Проверить сейчас' }));

    expect((await screen.findByRole('alert')).textContent).toContain(
      'Проверено лимитов: 2, сработало: 1. Расход посчитан не за все дни у лимитов: 1',
    );
    const [, lowered, lacking] = within(table).getAllByRole('row');
    expect(lowered.textContent).toContain('Достигнут дневной: расход 512,30 ₽ из 500 ₽. Ставки уже на минимуме: снижать некуда');
    expect(lacking.textContent).toContain(
      'Не достигнут за период: расход 1\u202f200 ₽ из 3\u202f000 ₽' +
        'Расход посчитан без статистики за 01.01.2026–03.01.2026: лимит может быть уже достигнут',
    );
  });
});

describe('the budget limits in pages', () => {
  it('after the only limit of the last page is deleted, show the new last page', async () => {
    let limits = Array.from({ length: 21 }, (_, index) => budgetLimit({ id: `budget-${index + 1}`, advertId: 7001 + index }));
    fakeApi.answer((call) => {
      if (call.path === '/autobidder/budgets') {
        const page = Number(call.query.get('page'));
        const items = limits.slice((page - 1) * 20, page * 20);
        const totalPages = Math.ceil(limits.length / 20);
        const meta = { total: limits.length, page, limit: 20, totalPages, hasNext: page < totalPages, hasPrev: page > 1 };
        return { status: 200, body: { items, meta } };
      }
      if (call.path === '/autobidder/campaigns') return { status: 200, body: onePage([]) };
      if (call.method === 'DELETE') {
        limits = limits.filter((limit) => call.path !== `/autobidder/budgets/${limit.id}`);
        return { status: 204 };
      }
      return undefined;
    });
    renderInApp(<BudgetsTab mpAccountId={ACCOUNT.id} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Страница 2' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить лимит № 7021' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Удалить' }));

    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Лимиты бюджета' })).getAllByRole('row')).toHaveLength(21));
    expect(screen.queryByText('Лимитов пока нет')).toBeNull();
    expect(fakeApi.callsTo('/autobidder/budgets').map((call) => call.query.get('page'))).toEqual(['1', '2', '2', '1']);
  });
});
