import { Stack, Table, Text, Title } from '@mantine/core';
import { NO_VALUE, number, percent, roubles } from '@shared/format';
import { useState } from 'react';

import { ConfirmedRowActions } from '../../ui/ConfirmedRowActions';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { PageNav } from '../../ui/PageNav';
import { AddItemsForm, EditItemModal } from './ItemForms';
import { ItemsUpload } from './ItemsUpload';
import { planDaysText, STATUS_TEXT } from './pulse-text';
import { type RnpItem, type RnpList, useDeleteItem, useItems } from './rnp-queries';

/** A list's SKUs with their plans, each changed or removed; SKUs added typed or from a file. */
export function ListItems({ mpAccountId, list }: { mpAccountId: string; list: RnpList }) {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<RnpItem | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const items = useItems(mpAccountId, list.id, page);
  const remove = useDeleteItem(mpAccountId, list.id);
  return (
    <Stack>
      <Title order={4}>Добавить товары</Title>
      <AddItemsForm mpAccountId={mpAccountId} listId={list.id} />
      <ItemsUpload mpAccountId={mpAccountId} listId={list.id} />
      <Title order={4}>Товары списка</Title>
      <ErrorNotice error={items.error ?? remove.error} />
      {items.data && items.data.items.length === 0 && <Text c="dimmed">В списке пока нет товаров</Text>}
      {items.data && items.data.items.length > 0 && (
        <Table striped aria-label="Товары списка">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>nmID</Table.Th>
              <Table.Th>Статус</Table.Th>
              <Table.Th>План заказов в день</Table.Th>
              <Table.Th>Плановая цена</Table.Th>
              <Table.Th>Целевой ДРР</Table.Th>
              <Table.Th>Менеджер</Table.Th>
              <Table.Th>Срок плана</Table.Th>
              <Table.Th>Комментарий</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.data.items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>{item.nmId}</Table.Td>
                <Table.Td>{STATUS_TEXT[item.status]}</Table.Td>
                <Table.Td>{item.planOrdersPerDay === null ? NO_VALUE : number(item.planOrdersPerDay)}</Table.Td>
                <Table.Td>{roubles(item.planPrice)}</Table.Td>
                <Table.Td>{percent(item.targetDrrPct)}</Table.Td>
                <Table.Td>{item.manager || NO_VALUE}</Table.Td>
                <Table.Td>{planDaysText(item)}</Table.Td>
                <Table.Td maw={240}>{item.comment}</Table.Td>
                <Table.Td>
                  <ConfirmedRowActions
                    labels={{
                      edit: `Изменить план товара ${item.nmId}`,
                      remove: `Убрать товар ${item.nmId} из списка`,
                      confirm: `Подтвердить: убрать товар ${item.nmId}`,
                    }}
                    confirming={confirming === item.id}
                    pending={remove.isPending}
                    onEdit={() => setEditing(item)}
                    onAsk={() => setConfirming(item.id)}
                    onConfirm={() => remove.mutate(item.id, { onSuccess: () => setConfirming(null) })}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {items.data && <PageNav total={items.data.meta.totalPages} value={page} onChange={setPage} label="Страницы товаров списка" />}
      {editing && <EditItemModal key={editing.id} mpAccountId={mpAccountId} item={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
