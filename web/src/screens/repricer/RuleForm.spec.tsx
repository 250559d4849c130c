import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { ACCOUNT } from '../../test/api-fixtures';
import { fakeApi } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import type { Rule } from './rule-text';
import { RuleForm } from './RuleForm';

/** A rule stored through the API outside the form's set: no condition, a change in roubles. */
const API_RULE: Rule = {
  id: 'rule-1',
  mpAccountId: ACCOUNT.id,
  name: 'Скидка через API',
  conditionMetric: 'stock_days',
  conditionLabel: null,
  conditionOperator: 'always',
  conditionValue: null,
  actionType: 'absolute',
  actionValue: -150,
  minPrice: null,
  maxPrice: null,
  scope: 'sku',
  scopeValue: '101',
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const rewriteRows = () =>
  within(screen.getByRole('alert', { name: 'Сохранение перепишет правило' }))
    .getAllByRole('row')
    .map((row) => row.textContent!.replace(/\u202f/g, ' '));

function editForm(rule: Rule) {
  const onDone = vi.fn();
  fakeApi.answer((call) => (call.method === 'PATCH' ? { status: 200, body: { ...rule, ...(call.body as object) } } : undefined));
  renderInApp(<RuleForm mpAccountId={ACCOUNT.id} editing={rule} onDone={onDone} />);
  return onDone;
}

describe('the repricer rule form', () => {
  it('shows how a save rewrites a rule stored outside its set, field by field, and sends it only once confirmed', async () => {
    const onDone = editForm(API_RULE);
    expect(screen.getByRole('alert', { name: 'Правило создано через API вне набора формы' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Сохранить правило' }));
    expect(rewriteRows()).toEqual([
      'ПолеБылоСтанет',
      'УсловиеВсегдаОстаток на маркетплейсе больше −9 999 999 999',
      'Изменение цены−150 ₽−1 %',
    ]);
    expect(fakeApi.calls).toEqual([]);

    fireEvent.change(screen.getByRole('textbox', { name: 'На сколько процентов' }), { target: { value: '10 %' } });
    expect(screen.queryByRole('alert', { name: 'Сохранение перепишет правило' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить правило' }));
    expect(rewriteRows()).toContain('Изменение цены−150 ₽−10 %');
    fireEvent.click(screen.getByRole('button', { name: 'Вернуться к форме' }));
    expect(screen.queryByRole('alert', { name: 'Сохранение перепишет правило' })).toBeNull();
    expect(fakeApi.calls).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Сохранить правило' }));
    fireEvent.click(screen.getByRole('button', { name: 'Подтвердить и сохранить' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(fakeApi.calls.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      {
        method: 'PATCH',
        path: '/repricer/rules/rule-1',
        // The rewritten condition (with the label the form shows) and change, as confirmed; the fields the form did not change are not sent.
        body: {
          conditionMetric: 'stock_days',
          conditionLabel: 'marketplace_stock',
          conditionOperator: 'gt',
          conditionValue: -9_999_999_999,
          actionType: 'percent',
          actionValue: -10,
        },
      },
    ]);
  });

  it('saves a rule of its own set at once, with no rewrite to confirm, sending only what was changed', async () => {
    const onDone = editForm({ ...API_RULE, conditionOperator: 'gt', conditionValue: 30, actionType: 'percent', actionValue: -5 });
    expect(screen.queryByRole('alert')).toBeNull();
    const save = screen.getByRole('button', { name: 'Сохранить правило' });
    expect(save.hasAttribute('disabled')).toBe(true);

    fireEvent.change(screen.getByRole('textbox', { name: 'Название правила' }), { target: { value: 'Скидка при остатке' } });
    fireEvent.click(save);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(screen.queryByRole('alert', { name: 'Сохранение перепишет правило' })).toBeNull();
    expect(fakeApi.callsTo('/repricer/rules/rule-1').map((call) => call.body)).toEqual([{ name: 'Скидка при остатке' }]);
  });
});
