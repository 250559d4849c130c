import { fireEvent, screen, within } from '@testing-library/react';
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
    expect(lowered.textContent).toContain('Достигнут дневной: расход 512,3 ₽ из 500 ₽. Ставки уже на минимуме: снижать некуда');
    expect(lacking.textContent).toContain(
      'Не достигнут за период: расход 1\u00a0200 ₽ из 3\u00a0000 ₽' +
        'Расход посчитан без статистики за 01.01.2026–03.01.2026: лимит может быть уже достигнут',
    );
  });
});
