import { Loader, Stack, Text, Title } from '@mantine/core';

import { useAccounts } from '../../layout/current-account';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { AccountCard } from './AccountCard';
import { ConnectAccountForm } from './ConnectAccountForm';

export default function AccountsScreen() {
  const accounts = useAccounts();
  return (
    <Stack maw={900}>
      <Title order={2}>Кабинеты</Title>
      <ErrorNotice error={accounts.error} />
      {accounts.isPending && <Loader aria-label="Загрузка" />}
      {accounts.data?.items.length === 0 && <Text c="dimmed">Кабинетов пока нет. Подключите первый ниже.</Text>}
      {accounts.data?.items.map((account) => (
        <AccountCard key={account.id} account={account} />
      ))}
      <ConnectAccountForm />
    </Stack>
  );
}
