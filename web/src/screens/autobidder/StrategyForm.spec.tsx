import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { ACCOUNT, STRATEGY } from '../../test/api-fixtures';
import { fakeApi } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { StrategyForm } from './StrategyForm';

describe('the strategy form over a stored strategy', () => {
  it('shows the stored strategy, offers no save until a field changes, and sends only the changed field', async () => {
    const onDone = vi.fn();
    fakeApi.answer((call) => (call.method === 'PATCH' ? { status: 200, body: STRATEGY } : undefined));
    renderInApp(<StrategyForm mpAccountId={ACCOUNT.id} editing={STRATEGY} onDone={onDone} />);
    const maxBid = screen.getByRole('textbox', { name: 'Максимальная ставка, ₽' }) as HTMLInputElement;
    const save = screen.getByRole('button', { name: 'Сохранить стратегию' });
    expect(maxBid.value).toBe('50');
    expect((screen.getByRole('textbox', { name: 'Целевая цена клика, ₽' }) as HTMLInputElement).value).toBe('12,05');
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.submit(save.closest('form')!);

    // The same amount written otherwise is no change; a text that is no amount is one, refused before sending.
    fireEvent.change(maxBid, { target: { value: '50,00' } });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(maxBid, { target: { value: 'много' } });
    fireEvent.click(save);
    expect(screen.getByText('Сумма в рублях, до копеек: 12 или 12,50')).toBeTruthy();

    fireEvent.change(maxBid, { target: { value: '60,5' } });
    fireEvent.click(save);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(fakeApi.calls.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'PATCH', path: '/autobidder/strategies/strategy-1', body: { maxBid: 6050 } },
    ]);
  });
});
