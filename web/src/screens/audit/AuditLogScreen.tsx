import { Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { dateTime, number } from '@shared/format';
import { useState } from 'react';

import { adminQueries, useAuditLog, useUserNames } from '../../api/admin-queries';
import { useAccounts } from '../../layout/current-account';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { PageNav } from '../../ui/PageNav';
import { SearchSelect } from '../../ui/SearchSelect';
import { ACTION_OPTIONS, actionLabel, detailsSummary } from './audit-entry';
import { type AuditFilter, auditQuery, NO_AUDIT_FILTER } from './audit-filter';

const PAGE_SIZE = 50;

interface Option {
  value: string;
  label: string;
}

/** Admin: every recorded action, newest first, filtered by action, user, cabinet and days. */
export default function AuditLogScreen() {
  const [filter, setFilter] = useState<AuditFilter>(NO_AUDIT_FILTER);
  const [page, setPage] = useState(1);
  const log = useAuditLog(auditQuery(filter, page, PAGE_SIZE));
  const userNames = useUserNames();
  const accounts = useAccounts().data?.items ?? [];
  const accountNames = new Map(accounts.map((account) => [account.id, account.name]));
  const set = (change: Partial<AuditFilter>) => {
    setFilter({ ...filter, ...change });
    setPage(1);
  };

  const selects: { field: 'action' | 'mpAccountId'; label: string; placeholder: string; data: Option[]; width: number }[] = [
    { field: 'action', label: 'Действие', placeholder: 'Все действия', data: ACTION_OPTIONS, width: 240 },
    {
      field: 'mpAccountId',
      label: 'Кабинет',
      placeholder: 'Все кабинеты',
      data: accounts.map((account) => ({ value: account.id, label: account.name })),
      width: 180,
    },
  ];

  return (
    <Stack>
      <Title order={2}>Журнал действий</Title>
      <Group align="flex-end">
        {selects.map(({ field, label, placeholder, data, width }) => (
          <Select
            key={field}
            label={label}
            placeholder={placeholder}
            searchable
            clearable
            data={data}
            value={filter[field]}
            onChange={(value) => set({ [field]: value })}
            w={width}
          />
        ))}
        <SearchSelect
          label="Пользователь"
          placeholder="Все пользователи"
          clearable
          options={(search) => adminQueries.userChoices(search)}
          value={filter.userId}
          onChange={(value) => set({ userId: value })}
          w={260}
        />
        <TextInput label="С даты" type="date" value={filter.fromDay} onChange={(event) => set({ fromDay: event.currentTarget.value })} />
        <TextInput label="По дату" type="date" value={filter.toDay} onChange={(event) => set({ toDay: event.currentTarget.value })} />
      </Group>
      <ErrorNotice error={log.error} />
      {log.data && (
        <>
          <Text size="sm" c="dimmed">
            Записей: {number(log.data.meta.total)}
          </Text>
          <Table striped aria-label="Записи журнала">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Время</Table.Th>
                <Table.Th>Действие</Table.Th>
                <Table.Th>Кто</Table.Th>
                <Table.Th>Кабинет</Table.Th>
                <Table.Th>Объект</Table.Th>
                <Table.Th>Подробности</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.data.items.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{dateTime(entry.createdAt)}</Table.Td>
                  <Table.Td title={entry.action}>{actionLabel(entry.action)}</Table.Td>
                  <Table.Td>{entry.userId ? (userNames.get(entry.userId) ?? entry.userId) : '—'}</Table.Td>
                  <Table.Td>{entry.mpAccountId ? (accountNames.get(entry.mpAccountId) ?? entry.mpAccountId) : '—'}</Table.Td>
                  <Table.Td>
                    {entry.entityType === 'user' && entry.entityId
                      ? (userNames.get(entry.entityId) ?? entry.entityId)
                      : [entry.entityType, entry.entityId].filter(Boolean).join(' ') || '—'}
                  </Table.Td>
                  <Table.Td>{detailsSummary(entry.action, entry.details)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <PageNav total={log.data.meta.totalPages} value={page} onChange={setPage} />
        </>
      )}
    </Stack>
  );
}
