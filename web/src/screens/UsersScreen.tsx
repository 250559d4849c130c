import { Select, Stack, Table, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { unwrap } from '../api/api-error';
import { api } from '../api/client';
import { ErrorNotice } from '../ui/ErrorNotice';

const ROLES = [
  { value: 'seller', label: 'Продавец' },
  { value: 'manager', label: 'Менеджер' },
  { value: 'admin', label: 'Администратор' },
];
type Role = 'seller' | 'manager' | 'admin';

/** Admin only: the users and their roles. */
export default function UsersScreen() {
  const queryClient = useQueryClient();
  const users = useQuery({
    queryKey: ['users'],
    queryFn: async () => unwrap(await api.GET('/users', { params: { query: { limit: 100 } } })),
  });
  const changeRole = useMutation({
    mutationFn: async ({ userId, role }: { userId: string; role: Role }) =>
      unwrap(await api.PATCH('/auth/users/{userId}/role', { params: { path: { userId } }, body: { role } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
  return (
    <Stack>
      <Title order={2}>Пользователи</Title>
      <ErrorNotice error={users.error ?? changeRole.error} />
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Имя</Table.Th>
            <Table.Th>Почта</Table.Th>
            <Table.Th>Роль</Table.Th>
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
                  data={ROLES}
                  value={user.role}
                  allowDeselect={false}
                  onChange={(role) => role && changeRole.mutate({ userId: user.id, role: role as Role })}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
