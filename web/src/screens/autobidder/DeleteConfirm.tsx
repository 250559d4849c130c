import { Button, Group, Modal, Stack, Text } from '@mantine/core';

import { ErrorNotice } from '../../ui/ErrorNotice';

/** Asks before a deletion and shows its error; closes once the deletion is done. */
export function DeleteConfirm({
  title,
  text,
  remove,
  id,
  onClose,
}: {
  title: string;
  text: string;
  remove: { mutate: (id: string, options: { onSuccess: () => void }) => void; isPending: boolean; error: unknown };
  id: string;
  onClose: () => void;
}) {
  return (
    <Modal opened onClose={onClose} title={title}>
      <Stack>
        <Text>{text}</Text>
        <ErrorNotice error={remove.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Отмена
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => remove.mutate(id, { onSuccess: onClose })}>
            Удалить
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
