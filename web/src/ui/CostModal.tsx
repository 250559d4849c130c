import { Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { dateTime, day, NO_VALUE, roublesToKopeck } from '@shared/format';

import { useCostHistory, useSetCost } from '../api/cost-queries';
import type { components } from '../api/schema';
import { ApiForm } from './ApiForm';
import { checkCost, checkDay } from './cost-bounds';
import { ErrorNotice } from './ErrorNotice';
import { fieldError } from './field-error';
import { moscowToday } from './moscow-days';

type Product = components['schemas']['ProductItemDto'];
type CostEntry = components['schemas']['CostEntryDto'];

function CostHistory({ items }: { items: CostEntry[] }) {
  if (!items.length) return <Text c="dimmed">Себестоимость товара ещё не задавалась</Text>;
  return (
    <Table striped aria-label="История себестоимости">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>С какого дня</Table.Th>
          <Table.Th>Себестоимость</Table.Th>
          <Table.Th>Задана</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item.validFrom}>
            <Table.Td>{day(item.validFrom)}</Table.Td>
            <Table.Td>{roublesToKopeck(item.costPrice)}</Table.Td>
            <Table.Td>{dateTime(item.updatedAt)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The form of a card's cost price from a day (today in Moscow unless changed); the refusals are checked before sending. */
function CostForm({ mpAccountId, product }: { mpAccountId: string; product: Product }) {
  const send = useSetCost(mpAccountId, product.nmId);
  const form = useForm({
    initialValues: { costPrice: '', validFrom: moscowToday() },
    validate: {
      costPrice: (value) => {
        const cost = checkCost(value);
        return cost.ok ? null : cost.error;
      },
      validFrom: (value) => {
        const checked = checkDay(value, '');
        return !value.trim() ? 'Укажите день' : checked.ok ? null : checked.error;
      },
    },
    onValuesChange: () => send.reset(),
  });
  const save = form.onSubmit((values) => {
    const cost = checkCost(values.costPrice);
    const from = checkDay(values.validFrom, '');
    if (cost.ok && from.ok) send.mutate({ costPrice: cost.value, validFrom: from.value });
  });
  return (
    <ApiForm
      onSubmit={() => save()}
      error={send.error}
      pending={send.isPending}
      submitLabel="Сохранить себестоимость"
      success={send.data && `Себестоимость ${roublesToKopeck(send.data.costPrice)} действует с ${day(send.data.validFrom)}`}
    >
      <Group align="flex-start">
        <TextInput
          label="Себестоимость, ₽"
          inputMode="decimal"
          w={180}
          {...form.getInputProps('costPrice')}
          error={form.errors.costPrice ?? fieldError(send.error, 'costPrice')}
        />
        <TextInput
          type="date"
          label="Действует с"
          w={180}
          {...form.getInputProps('validFrom')}
          error={form.errors.validFrom ?? fieldError(send.error, 'validFrom')}
        />
      </Group>
    </ApiForm>
  );
}

/** A card's cost price: the one valid today, a new one from a day, and every one it had, newest day first. */
export function CostModal({ mpAccountId, product, onClose }: { mpAccountId: string; product: Product; onClose: () => void }) {
  const history = useCostHistory(mpAccountId, product.nmId);
  return (
    <Modal opened onClose={onClose} title={`Себестоимость: ${product.title}`} size="lg">
      <Stack>
        <Text>
          Действует сегодня: {history.data ? (history.data.costPrice === null ? NO_VALUE : roublesToKopeck(history.data.costPrice)) : '…'}
        </Text>
        <CostForm mpAccountId={mpAccountId} product={product} />
        <ErrorNotice error={history.error} />
        {history.data && <CostHistory items={history.data.items} />}
      </Stack>
    </Modal>
  );
}
