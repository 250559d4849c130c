import { Table } from '@mantine/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { ACCOUNT, product } from '../../test/api-fixtures';
import { descriptionOf } from '../../test/description';
import { errorAnswer, fakeApi } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { PriceRow } from './PriceRow';

function priceRow() {
  renderInApp(
    <Table>
      <Table.Tbody>
        <PriceRow mpAccountId={ACCOUNT.id} product={product(101, 'Шампунь', 1000)} onHistory={() => {}} />
      </Table.Tbody>
    </Table>,
  );
  const price = screen.getByRole('textbox', { name: 'Цена, ₽, товара 101' });
  const discount = screen.getByRole('textbox', { name: 'Скидка, %, товара 101' });
  const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
  const save = () => fireEvent.click(screen.getByRole('button', { name: 'Сохранить цену товара 101' }));
  return { price, discount, type, save };
}

describe('the price bounds in a row of the price table', () => {
  it('shows what is wrong next to the field once saved, follows the typing after that, and sends nothing out of bounds', () => {
    const { price, discount, type, save } = priceRow();

    type(price, '990,50');
    expect(descriptionOf(price)).toBe('');
    save();
    expect(descriptionOf(price)).toBe('Цена — целые рубли, без копеек');
    type(price, '0');
    expect(descriptionOf(price)).toBe('Цена не меньше 1 ₽');
    type(price, '1 200');
    type(discount, '120');
    save();
    expect(descriptionOf(price)).toBe('');
    expect(descriptionOf(discount)).toBe('Скидка от 0 до 99 %');
    type(discount, '');
    type(price, '');
    expect(descriptionOf(price)).toBe('Укажите цену');
    expect(fakeApi.callsTo('/pricing/price')).toEqual([]);
  });

  it('sends a price within bounds, and puts the service’s own verdict on a field next to that field', async () => {
    fakeApi.answer(() => errorAnswer(400, 'VALIDATION_FAILED', 'Проверьте заполнение полей', [{ field: 'discount', errors: ['max'] }]));
    const { price, discount, type, save } = priceRow();

    type(price, '1 200');
    type(discount, '15');
    save();
    await waitFor(() => expect(descriptionOf(discount)).toBe('Слишком большое значение'));
    expect(fakeApi.callsTo('/pricing/price').map((call) => call.body)).toEqual([
      { mpAccountId: ACCOUNT.id, nmID: 101, price: 1200, discount: 15 },
    ]);
    expect(descriptionOf(price)).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
