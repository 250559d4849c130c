import { Button, Group } from '@mantine/core';

/** «Изменить» and «Удалить» of a table row, named for screen readers after what they act on («лимит Кампания 1»). */
export function RowActions({ subject, onEdit, onDelete }: { subject: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="light" onClick={onEdit} aria-label={`Изменить ${subject}`}>
        Изменить
      </Button>
      <Button size="xs" variant="subtle" color="red" onClick={onDelete} aria-label={`Удалить ${subject}`}>
        Удалить
      </Button>
    </Group>
  );
}
