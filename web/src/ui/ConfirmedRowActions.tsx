import { Button, Group } from '@mantine/core';

interface ConfirmedRowActionsProps {
  /** Accessible names: «Изменить …», «Удалить …», «Подтвердить удаление …». */
  labels: { edit: string; remove: string; confirm: string };
  /** What a confirmed deletion leads to, shown on hover of «Точно удалить». */
  confirmTitle?: string;
  /** This row's deletion was asked for: «Точно удалить» is shown in place of «Удалить». */
  confirming: boolean;
  pending: boolean;
  onEdit: () => void;
  onAsk: () => void;
  onConfirm: () => void;
}

/** «Изменить» and a two-step «Удалить» → «Точно удалить» of a table row. */
export function ConfirmedRowActions({ labels, confirmTitle, confirming, pending, onEdit, onAsk, onConfirm }: ConfirmedRowActionsProps) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="light" onClick={onEdit} aria-label={labels.edit}>
        Изменить
      </Button>
      {confirming ? (
        <Button size="xs" color="red" loading={pending} onClick={onConfirm} aria-label={labels.confirm} title={confirmTitle}>
          Точно удалить
        </Button>
      ) : (
        <Button size="xs" variant="subtle" color="red" onClick={onAsk} aria-label={labels.remove}>
          Удалить
        </Button>
      )}
    </Group>
  );
}
