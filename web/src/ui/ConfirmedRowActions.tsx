import { Button, Group } from '@mantine/core';

import { ConfirmedDelete, type ConfirmedDeleteProps } from './ConfirmedDelete';

interface ConfirmedRowActionsProps extends Omit<ConfirmedDeleteProps, 'labels'> {
  /** Accessible names: «Изменить …», «Удалить …», «Подтвердить удаление …». */
  labels: ConfirmedDeleteProps['labels'] & { edit: string };
  onEdit: () => void;
}

/** «Изменить» and a two-step «Удалить» → «Точно удалить» of a table row. */
export function ConfirmedRowActions({ labels, onEdit, ...deletion }: ConfirmedRowActionsProps) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="light" onClick={onEdit} aria-label={labels.edit}>
        Изменить
      </Button>
      <ConfirmedDelete labels={labels} {...deletion} />
    </Group>
  );
}
