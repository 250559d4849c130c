import { Button, Group, Table, TextInput } from '@mantine/core';
import { roubles } from '@shared/format';
import type { KeyboardEvent } from 'react';

import { ErrorNotice } from '../../ui/ErrorNotice';
import { fieldError } from '../../ui/field-error';
import { MarginCell } from '../../ui/MarginCell';
import { ProductNameCells } from '../../ui/ProductNameCells';
import { useStoredForm } from '../../ui/use-stored-form';
import { checkDiscount, checkPrice } from './price-bounds';
import type { Product } from './price-preview';
import { useSetPrice } from './price-queries';

const COLUMNS = 7;
const text = (value: number | null) => (value === null ? '' : String(value));

interface PriceTexts {
  price: string;
  discount: string;
}

/** What the bounds refuse in the row's texts. */
function priceErrors(values: PriceTexts) {
  const price = checkPrice(values.price);
  const discount = checkDiscount(values.discount);
  return { ...(!price.ok && { price: price.error }), ...(!discount.ok && { discount: discount.error }) };
}

/** The row's price and discount as the route takes them; a text the checks refuse is NaN, an empty discount is not sent. */
function priceFields(values: PriceTexts) {
  const price = checkPrice(values.price);
  const discount = checkDiscount(values.discount);
  return { price: price.ok ? price.value : Number.NaN, discount: discount.ok ? discount.value : Number.NaN };
}

/**
 * A product with its price and discount editable in place. The bounds are checked before sending; the service's own
 * validation errors go next to the fields and any other error under the row. The route needs the price; the discount
 * is sent only when changed.
 */
export function PriceRow({ mpAccountId, product, onHistory }: { mpAccountId: string; product: Product; onHistory: () => void }) {
  const form = useStoredForm({
    stored: { price: text(product.price), discount: text(product.discount) },
    newValues: { price: '', discount: '' },
    fieldsOf: priceFields,
    validate: priceErrors,
  });
  const send = useSetPrice(mpAccountId);
  const save = form.submit(() => form.canSave && send.mutate({ nmID: product.nmId, price: form.fields.price, ...form.changes }));
  const onEnter = (event: KeyboardEvent) => event.key === 'Enter' && save();
  const shownError = (field: keyof PriceTexts) => form.errors[field] ?? fieldError(send.error, field);
  const otherError = send.error && !fieldError(send.error, 'price') && !fieldError(send.error, 'discount') ? send.error : null;

  return (
    <>
      <Table.Tr>
        <ProductNameCells product={product} />
        <Table.Td>
          <TextInput
            aria-label={`Цена, ₽, товара ${product.nmId}`}
            inputMode="numeric"
            {...form.inputProps('price')}
            onKeyDown={onEnter}
            error={shownError('price')}
            w={130}
          />
        </Table.Td>
        <Table.Td>
          <TextInput
            aria-label={`Скидка, %, товара ${product.nmId}`}
            inputMode="numeric"
            placeholder="нет"
            {...form.inputProps('discount')}
            onKeyDown={onEnter}
            error={shownError('discount')}
            w={90}
          />
        </Table.Td>
        <Table.Td>{roubles(product.discountedPrice)}</Table.Td>
        <MarginCell price={product.discountedPrice} costPrice={product.costPrice} />
        <Table.Td>
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              onClick={save}
              loading={send.isPending}
              disabled={!form.canSave}
              aria-label={`Сохранить цену товара ${product.nmId}`}
            >
              Сохранить
            </Button>
            <Button size="xs" variant="default" onClick={onHistory} aria-label={`История цен товара ${product.nmId}`}>
              История
            </Button>
          </Group>
        </Table.Td>
      </Table.Tr>
      {otherError && (
        <Table.Tr>
          <Table.Td colSpan={COLUMNS}>
            <ErrorNotice error={otherError} />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}
