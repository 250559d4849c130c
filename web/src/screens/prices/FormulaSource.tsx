import { Group, Select, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';

import { ApiForm } from '../../ui/ApiForm';
import { checkFormulaAmount, type Formula, type FormulaKind, formulaRows } from './price-formula';
import type { BulkRow } from './price-preview';
import { allProducts } from './price-queries';

const FORMULAS: { value: FormulaKind; label: string }[] = [
  { value: 'set', label: 'Установить цену, ₽' },
  { value: 'percent', label: 'Изменить на ±N %' },
  { value: 'roubles', label: 'Изменить на ±N ₽' },
];

/** A new price for every product the search finds, by a formula; discounts stay as they are. */
export function FormulaSource({
  mpAccountId,
  search,
  onRows,
}: {
  mpAccountId: string;
  search: string;
  onRows: (rows: BulkRow[] | null) => void;
}) {
  const [kind, setKind] = useState<FormulaKind>('percent');
  const [amount, setAmount] = useState('');
  const [checked, setChecked] = useState(false);
  const amountCheck = checkFormulaAmount(kind, amount);
  const calculate = useMutation({
    mutationFn: async (formula: Formula) => formulaRows(await allProducts(mpAccountId, search || undefined), formula),
    onSuccess: onRows,
  });
  const submit = () => {
    setChecked(true);
    onRows(null);
    if (amountCheck.ok) calculate.mutate({ kind, amount: amountCheck.value });
  };
  return (
    <ApiForm onSubmit={submit} error={calculate.error} pending={calculate.isPending} submitLabel="Рассчитать">
      <Text size="sm">
        {search ? `Товары, найденные поиском «${search}».` : 'Все товары кабинета; поиск выше сужает их.'} Скидки не меняются. Изменение в
        процентах округляется до целого рубля, половина рубля — вверх.
      </Text>
      <Group align="flex-start">
        <Select
          label="Формула"
          data={FORMULAS}
          value={kind}
          allowDeselect={false}
          onChange={(value) => value && setKind(value as FormulaKind)}
        />
        <TextInput
          label="Значение"
          placeholder={kind === 'set' ? '1990' : '-10'}
          value={amount}
          onChange={(event) => setAmount(event.currentTarget.value)}
          error={checked && !amountCheck.ok ? amountCheck.error : undefined}
        />
      </Group>
    </ApiForm>
  );
}
