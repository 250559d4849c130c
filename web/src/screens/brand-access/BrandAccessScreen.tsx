import { Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { dateTime } from '@shared/format';
import { useState } from 'react';

import { adminQueries, useBrandGrants, useGrantBrand, useRevokeGrant, useUserNames, useUsers } from '../../api/admin-queries';
import { catalogQueries } from '../../api/catalog-queries';
import { useAccounts } from '../../layout/current-account';
import { ApiForm } from '../../ui/ApiForm';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { fieldError } from '../../ui/field-error';
import { PageNav } from '../../ui/PageNav';
import { SearchSelect } from '../../ui/SearchSelect';

const PAGE_SIZE = 50;

/** The manager, the cabinet and one of its brands: the grant to send. */
function GrantForm() {
  const managers = useUsers({ role: 'manager', limit: 1 });
  const accounts = useAccounts();
  const form = useForm({
    mode: 'controlled',
    initialValues: { userId: null as string | null, mpAccountId: null as string | null, brandId: null as string | null },
  });
  const { userId, mpAccountId, brandId } = form.values;
  const grant = useGrantBrand();
  const noManagers = managers.data?.meta.total === 0;

  return (
    <ApiForm
      onSubmit={() => userId && brandId && grant.mutate({ userId, brandId })}
      error={grant.error ?? managers.error ?? accounts.error}
      pending={grant.isPending}
      submitLabel="Открыть доступ"
      success={grant.isSuccess && `Доступ открыт: ${grant.data.brandName}`}
    >
      <Group align="flex-start">
        <SearchSelect
          label="Менеджер"
          placeholder={noManagers ? 'Менеджеров нет' : 'Выберите менеджера'}
          required
          options={(search) => adminQueries.userChoices(search, 'manager')}
          {...form.getInputProps('userId')}
          error={fieldError(grant.error, 'userId')}
          w={320}
        />
        <Select
          label="Кабинет"
          placeholder="Выберите кабинет"
          searchable
          required
          data={(accounts.data?.items ?? []).map((account) => ({ value: account.id, label: account.name }))}
          value={mpAccountId}
          onChange={(value) => form.setValues({ mpAccountId: value, brandId: null })}
          w={260}
        />
        <SearchSelect
          key={mpAccountId}
          label="Бренд"
          placeholder={mpAccountId ? 'Выберите бренд' : 'Сначала выберите кабинет'}
          required
          disabled={!mpAccountId}
          options={(search) => ({ ...catalogQueries.brandChoices(mpAccountId ?? '', search), enabled: mpAccountId !== null })}
          {...form.getInputProps('brandId')}
          error={fieldError(grant.error, 'brandId')}
          w={260}
        />
      </Group>
      {noManagers && (
        <Text size="sm" c="dimmed">
          Доступ к бренду открывается только менеджеру: назначьте роль «Менеджер» на экране «Пользователи».
        </Text>
      )}
    </ApiForm>
  );
}

/** Admin only: which managers see which brands of which cabinets; grant and revoke. */
export default function BrandAccessScreen() {
  const [page, setPage] = useState(1);
  const grants = useBrandGrants(page, PAGE_SIZE);
  const revoke = useRevokeGrant();
  const userNames = useUserNames();
  const accountNames = new Map((useAccounts().data?.items ?? []).map((account) => [account.id, account.name]));

  return (
    <Stack>
      <Title order={2}>Доступ к брендам</Title>
      <GrantForm />
      <Title order={3}>Выданные доступы</Title>
      <ErrorNotice error={grants.error ?? revoke.error} />
      {grants.data && grants.data.meta.total === 0 ? (
        <Text c="dimmed">Доступов пока нет</Text>
      ) : (
        <Table striped aria-label="Выданные доступы">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Менеджер</Table.Th>
              <Table.Th>Кабинет</Table.Th>
              <Table.Th>Бренд</Table.Th>
              <Table.Th>Открыт</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {grants.data?.items.map((grant) => {
              const manager = userNames.get(grant.userId) ?? grant.userId;
              return (
                <Table.Tr key={grant.id}>
                  <Table.Td>{manager}</Table.Td>
                  <Table.Td>{accountNames.get(grant.mpAccountId) ?? grant.mpAccountId}</Table.Td>
                  <Table.Td>{grant.brandName}</Table.Td>
                  <Table.Td>{dateTime(grant.createdAt)}</Table.Td>
                  <Table.Td>
                    <Button
                      variant="subtle"
                      color="red"
                      size="xs"
                      aria-label={`Отозвать доступ к бренду ${grant.brandName}: ${manager}`}
                      loading={revoke.isPending && revoke.variables === grant.id}
                      onClick={() => revoke.mutate(grant.id)}
                    >
                      Отозвать
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {grants.data && <PageNav total={grants.data.meta.totalPages} value={page} onChange={setPage} />}
    </Stack>
  );
}
