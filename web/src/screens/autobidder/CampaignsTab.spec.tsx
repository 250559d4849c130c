import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { ACCOUNT, onePage } from '../../test/api-fixtures';
import { type ApiAnswer, fakeApi } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import type { Campaign } from './ads-queries';
import { budgetLimit } from './budget-fixture';
import { CampaignsTab } from './CampaignsTab';

const LIMIT = budgetLimit({ id: 'budget-1', mpAccountId: ACCOUNT.id, advertId: 7001 });
const CAMPAIGN: Campaign = {
  advertId: 7001,
  name: 'Весна',
  status: 9,
  type: 9,
  bidType: 'unified',
  paymentType: 'cpm',
  auto: false,
  strategyId: null,
  strategyName: null,
  budgetLimitId: LIMIT.id,
  products: [],
  stats7d: { views: 0, clicks: 0, spend: 0, orders: 0 },
  syncedAt: '2026-01-01T00:00:00.000Z',
};

/** The campaign 7002 without a limit. */
const UNLIMITED: Campaign = { ...CAMPAIGN, advertId: 7002, name: 'Лето', budgetLimitId: null };

/** The tab of one campaign with a 500 ₽ daily limit and one without, the limits' answer held until the test lets it go. */
async function campaignsWithLimitsHeld() {
  let release: () => void = () => {};
  const limits = new Promise<ApiAnswer>((resolve) => (release = () => resolve({ status: 200, body: onePage([LIMIT]) })));
  fakeApi.answer((call) => {
    if (call.path === '/autobidder/campaigns' && call.method === 'GET') return { status: 200, body: onePage([CAMPAIGN, UNLIMITED]) };
    if (call.path === '/autobidder/strategies') return { status: 200, body: onePage([]) };
    if (call.path === '/autobidder/budgets') return limits;
    if (call.method === 'PATCH') return { status: 200, body: CAMPAIGN };
    return undefined;
  });
  renderInApp(<CampaignsTab mpAccountId={ACCOUNT.id} />);
  const budget = await screen.findByRole('textbox', { name: 'Дневной бюджет кампании Весна, ₽' });
  const save = screen.getByRole('button', { name: 'Сохранить бюджет кампании Весна' });
  return { budget, save, release };
}

const patches = () => fakeApi.calls.filter((call) => call.method === 'PATCH').map(({ path, body }) => ({ path, body }));

describe('the daily budget of a campaign', () => {
  it('cannot be edited or saved before the limits have loaded, then shows the stored limit with nothing to save', async () => {
    const { budget, save, release } = await campaignsWithLimitsHeld();
    expect(budget.hasAttribute('disabled')).toBe(true);
    expect(save.hasAttribute('disabled')).toBe(true);

    release();
    await waitFor(() => expect((budget as HTMLInputElement).value).toBe('500'));
    expect(budget.hasAttribute('disabled')).toBe(false);
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.submit(budget.closest('form')!);
    expect(patches()).toEqual([]);
  });

  it("asks for the limits of the campaigns shown that have one, by campaign, not the account's first page of limits", async () => {
    const { budget, release } = await campaignsWithLimitsHeld();
    release();
    await waitFor(() => expect((budget as HTMLInputElement).value).toBe('500'));
    const unlimited = screen.getByRole('textbox', { name: 'Дневной бюджет кампании Лето, ₽' }) as HTMLInputElement;
    expect(unlimited.value).toBe('');
    expect(unlimited.hasAttribute('disabled')).toBe(false);
    const asked = fakeApi
      .callsTo('/autobidder/budgets')
      .map((call) => ({ advertId: call.query.getAll('advertId'), limit: call.query.get('limit') }));
    expect(asked).toEqual([{ advertId: ['7001'], limit: '100' }]);
  });

  it('sends only the daily budget the seller typed', async () => {
    const { budget, save, release } = await campaignsWithLimitsHeld();
    release();
    await waitFor(() => expect((budget as HTMLInputElement).value).toBe('500'));

    fireEvent.change(budget, { target: { value: '700' } });
    expect(save.hasAttribute('disabled')).toBe(false);
    fireEvent.change(budget, { target: { value: '500' } });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(budget, { target: { value: '700' } });
    fireEvent.click(save);
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()).toEqual([{ path: '/autobidder/campaigns/7001', body: { mpAccountId: ACCOUNT.id, dailyBudget: 700 } }]);
  });
});

describe('the strategy of a campaign', () => {
  /** 120 strategies, more than one answer holds; the campaign «Весна» is linked to the last. */
  const STRATEGIES = Array.from({ length: 120 }, (_, i) => ({ id: `strategy-${i + 1}`, name: `Стратегия ${i + 1}` }));
  const LINKED: Campaign = { ...CAMPAIGN, strategyId: 'strategy-120', strategyName: 'Стратегия 120' };

  it('shows a linked strategy past the first answer by its name, and finds any strategy by typing', async () => {
    fakeApi.answer((call) => {
      if (call.path === '/autobidder/campaigns' && call.method === 'GET') return { status: 200, body: onePage([LINKED]) };
      if (call.path === '/autobidder/budgets') return { status: 200, body: onePage([LIMIT]) };
      if (call.path === '/autobidder/strategies') {
        const q = call.query.get('q');
        const found = STRATEGIES.filter((strategy) => !q || strategy.name.includes(q)).slice(0, Number(call.query.get('limit')));
        return { status: 200, body: onePage(found) };
      }
      if (call.method === 'PATCH') return { status: 200, body: LINKED };
      return undefined;
    });
    renderInApp(<CampaignsTab mpAccountId={ACCOUNT.id} />);
    const choice = (await screen.findByLabelText('Стратегия кампании Весна', { selector: 'input' })) as HTMLInputElement;
    await waitFor(() => expect(choice.value).toBe('Стратегия 120'));

    choice.focus();
    fireEvent.change(choice, { target: { value: 'Стратегия 117' } });
    fireEvent.click(await screen.findByText('Стратегия 117', {}, { timeout: 2_000 }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()).toEqual([{ path: '/autobidder/campaigns/7001', body: { mpAccountId: ACCOUNT.id, strategyId: 'strategy-117' } }]);
    expect(fakeApi.callsTo('/autobidder/strategies').map((call) => call.query.get('q'))).toContain('Стратегия 117');
  });
});
