import { Group, Select, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';

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
  const form = useForm({
    mode: 'controlled',
    initialValues: { kind: 'percent' as FormulaKind, amount: '' },
    validate: {
      amount: (amount, values) => {
        const check = checkFormulaAmount(values.kind, amount);
        return check.ok ? null : check.error;
      },
    },
  });
  const { kind } = form.values;
  const calculate = useMutation({
    mutationFn: async (formula: Formula) => formulaRows(await allProducts(mpAccountId, search || undefined), formula),
    onSuccess: onRows,
  });
  const submit = () => {
    onRows(null);
    const amount = checkFormulaAmount(kind, form.values.amount);
    if (!form.validate().hasErrors && amount.ok) calculate.mutate({ kind, amount: amount.value });
  };
  return (
    <ApiForm onSubmit={submit} error={calculate.error} pending={calculate.isPending} submitLabel="Рассчитать">
      <Text size="sm">
        {search ? `Товары, найденные поиском «${search}».` : 'Все товары кабинета; поиск выше сужает их.'} Скидки не меняются. Изменение в
        процентах округляется до целого рубля, половина рубля — вверх.
      </Text>
      <Group align="flex-start">
        <Select label="Формула" data={FORMULAS} allowDeselect={false} {...form.getInputProps('kind')} />
        <TextInput label="Значение" placeholder={kind === 'set' ? '1990' : '-10'} {...form.getInputProps('amount')} />
      </Group>
    </ApiForm>
  );
}
