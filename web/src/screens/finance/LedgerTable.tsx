import { Badge, Table } from '@mantine/core';
import { day, NO_VALUE, roublesToKopeck } from '@shared/format';
import { useState } from 'react';

import { ConfirmedRowActions } from '../../ui/ConfirmedRowActions';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { useDeleteTransaction } from './finance-queries';
import { LEDGER_SOURCE_TEXT, LEDGER_TYPE_TEXT } from './finance-text';
import type { Transaction } from './transaction-form';

/** A page of the ledger; the seller's own operations are changed or deleted (after a second click) from their row. */
export function LedgerTable({
  mpAccountId,
  items,
  onEdit,
}: {
  mpAccountId: string;
  items: Transaction[];
  onEdit: (item: Transaction) => void;
}) {
  const remove = useDeleteTransaction(mpAccountId);
  const [confirming, setConfirming] = useState<string | null>(null);
  return (
    <Table aria-label="Операции">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>День</Table.Th>
          <Table.Th>Вид</Table.Th>
          <Table.Th>Сумма</Table.Th>
          <Table.Th>Источник</Table.Th>
          <Table.Th>nmID</Table.Th>
          <Table.Th>Отчёт</Table.Th>
          <Table.Th>Комментарий</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item.id}>
            <Table.Td>{day(item.date)}</Table.Td>
            <Table.Td>{LEDGER_TYPE_TEXT[item.type]}</Table.Td>
            <Table.Td c={item.amount < 0 ? 'red.8' : undefined} style={{ whiteSpace: 'nowrap' }}>
              {roublesToKopeck(item.amount)}
            </Table.Td>
            <Table.Td>
              <Badge variant="light" color={item.source === 'manual' ? 'violet' : 'gray'}>
                {LEDGER_SOURCE_TEXT[item.source]}
              </Badge>
            </Table.Td>
            <Table.Td>{item.nmId ?? NO_VALUE}</Table.Td>
            <Table.Td>{item.reportId ? `№ ${item.reportId}` : NO_VALUE}</Table.Td>
            <Table.Td>{item.comment || NO_VALUE}</Table.Td>
            <Table.Td>
              {item.source === 'manual' && (
                <>
                  <ConfirmedRowActions
                    labels={{
                      edit: `Изменить операцию ${item.comment || day(item.date)}`,
                      remove: `Удалить операцию ${item.comment || day(item.date)}`,
                      confirm: `Подтвердить удаление операции ${item.comment || day(item.date)}`,
                    }}
                    confirming={confirming === item.id}
                    pending={remove.isPending}
                    onEdit={() => onEdit(item)}
                    onAsk={() => setConfirming(item.id)}
                    onConfirm={() => remove.mutate(item.id, { onSettled: () => setConfirming(null) })}
                  />
                  {remove.variables === item.id && <ErrorNotice error={remove.error} />}
                </>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
