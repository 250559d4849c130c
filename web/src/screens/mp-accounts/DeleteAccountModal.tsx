import { Button, Group, Modal, Stack, Text } from '@mantine/core';

import { ErrorNotice } from '../../ui/ErrorNotice';
import { deleteAccount, useAccountChange } from './account-mutations';

export function DeleteAccountModal({ account, onClose }: { account: { id: string; name: string }; onClose: () => void }) {
  const remove = useAccountChange(deleteAccount);
  return (
    <Modal opened onClose={onClose} title="Удалить кабинет?">
      <Stack>
        <Text>Кабинет «{account.name}» и его ключ будут удалены из сервиса. Данные в маркетплейсе не изменятся.</Text>
        <ErrorNotice error={remove.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Отмена
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => remove.mutate(account.id, { onSuccess: onClose })}>
            Удалить
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
