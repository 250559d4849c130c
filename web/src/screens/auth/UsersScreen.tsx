import { Alert, Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { moscowDay } from '@shared/format';
import { useState } from 'react';

import { useChangeRole, useRevokeSessions, useUsers } from '../../api/admin-queries';
import { type Role, ROLE_LABEL, ROLE_OPTIONS } from '../../api/roles';
import { useProfile } from '../../session/use-session';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { foundText } from '../../ui/found-text';
import { PageNav } from '../../ui/PageNav';
import { useSearchText } from '../../ui/use-search-text';

const PAGE_SIZE = 50;

/** Admin only: the users, their roles (changed in place) and the end of a user's sessions. */
export default function UsersScreen() {
  const me = useProfile().data;
  const { typed: q, setTyped: setQ, search } = useSearchText();
  const [role, setRole] = useState<Role | null>(null);
  const [page, setPage] = useState(1);
  const users = useUsers({ page, limit: PAGE_SIZE, ...(search && { q: search }), ...(role && { role }) });
  const changeRole = useChangeRole();
  const revokeSessions = useRevokeSessions();
  const changed = changeRole.data;
  const revokedFor = users.data?.items.find((user) => user.id === revokeSessions.variables);

  return (
    <Stack>
      <Title order={2}>Пользователи</Title>
      <Group>
        <TextInput
          label="Поиск"
          placeholder="Имя или почта"
          value={q}
          onChange={(event) => {
            setQ(event.currentTarget.value);
            setPage(1);
          }}
          w={280}
        />
        <Select
          label="Роль"
          placeholder="Все роли"
          clearable
          data={ROLE_OPTIONS}
          value={role}
          onChange={(value) => {
            setRole(value as Role | null);
            setPage(1);
          }}
        />
      </Group>
      <ErrorNotice error={users.error ?? changeRole.error ?? revokeSessions.error} />
      {changeRole.isSuccess && changed && (
        <Alert color="green" role="status" title={`Роль изменена: ${changed.displayName} — ${ROLE_LABEL[changed.role]}`}>
          Новые права действуют в приложении пользователя после обновления страницы или повторного входа.
        </Alert>
      )}
      {revokeSessions.isSuccess && revokedFor && (
        <Alert color="green" role="status" title={`Сеансы завершены: ${revokedFor.displayName}`}>
          Пользователю нужно войти заново.
        </Alert>
      )}
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Имя</Table.Th>
            <Table.Th>Почта</Table.Th>
            <Table.Th>Роль</Table.Th>
            <Table.Th>Зарегистрирован</Table.Th>
            <Table.Th>Сеансы</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.data?.items.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>{user.displayName}</Table.Td>
              <Table.Td>{user.email}</Table.Td>
              <Table.Td>
                <Select
                  aria-label={`Роль: ${user.email}`}
                  data={ROLE_OPTIONS}
                  value={user.role}
                  allowDeselect={false}
                  disabled={user.id === me?.id || changeRole.isPending}
                  title={user.id === me?.id ? 'Свою роль изменить нельзя' : undefined}
                  onChange={(value) => value && value !== user.role && changeRole.mutate({ userId: user.id, role: value as Role })}
                />
              </Table.Td>
              <Table.Td>{moscowDay(user.createdAt)}</Table.Td>
              <Table.Td>
                <Button
                  variant="subtle"
                  size="xs"
                  aria-label={`Завершить сеансы: ${user.email}`}
                  loading={revokeSessions.isPending && revokeSessions.variables === user.id}
                  onClick={() => revokeSessions.mutate(user.id)}
                >
                  Завершить сеансы
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {users.data && users.data.meta.total === 0 && <Text c="dimmed">{search ? foundText(0, search) : 'Никого не найдено'}</Text>}
      {users.data && <PageNav total={users.data.meta.totalPages} value={page} onChange={setPage} />}
    </Stack>
  );
}
