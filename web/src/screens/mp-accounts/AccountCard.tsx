import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { dateTime } from '@shared/format';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';

import type { components } from '../../api/schema';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { checkKey } from './account-mutations';
import { DeleteAccountModal } from './DeleteAccountModal';
import { KeyChangeModal } from './KeyChangeModal';
import { QuotaView } from './QuotaView';

type Account = components['schemas']['MpAccountResponseDto'];

/** One cabinet: its key's last 4, the key check, key change, quota bars and deletion. */
export function AccountCard({ account }: { account: Account }) {
  const [dialog, setDialog] = useState<'key' | 'delete' | null>(null);
  const [quotaOpen, setQuotaOpen] = useState(false);
  const check = useMutation({ mutationFn: () => checkKey(account.id) });
  return (
    <Paper withBorder p="md" aria-label={`Кабинет ${account.name}`} component="section">
      <Stack gap="sm">
        <Group justify="space-between">
          <Group>
            <Text fw={600}>{account.name}</Text>
            <Badge color={account.isActive ? 'green' : 'gray'}>{account.isActive ? 'используется' : 'отключён'}</Badge>
          </Group>
          <Text size="sm" c="dimmed">
            Ключ ••••{account.keyLast4}, задан {dateTime(account.keyUpdatedAt)}
          </Text>
        </Group>
        <Group>
          <Button size="xs" variant="light" loading={check.isPending} onClick={() => check.mutate()}>
            Проверить ключ
          </Button>
          <Button size="xs" variant="light" onClick={() => setDialog('key')}>
            Сменить ключ
          </Button>
          <Button size="xs" variant="light" onClick={() => setQuotaOpen(!quotaOpen)}>
            {quotaOpen ? 'Скрыть квоты' : 'Квоты'}
          </Button>
          <Button size="xs" variant="light" color="red" onClick={() => setDialog('delete')}>
            Удалить
          </Button>
        </Group>
        {check.data && (
          <Alert color="green" title="Ключ действителен">
            Маркетплейс принял ключ {dateTime(check.data.checkedAt)}
          </Alert>
        )}
        <ErrorNotice error={check.error} />
        {quotaOpen && <QuotaView mpAccountId={account.id} />}
      </Stack>
      {dialog === 'key' && <KeyChangeModal mpAccountId={account.id} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && <DeleteAccountModal account={account} onClose={() => setDialog(null)} />}
    </Paper>
  );
}
