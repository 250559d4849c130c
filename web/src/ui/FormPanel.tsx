import { Button, Group, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** An edit form's panel: its title, the button that closes it without saving, and the form. */
export function FormPanel({ title, onCancel, children }: { title: string; onCancel: () => void; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{title}</Title>
        <Button variant="subtle" onClick={onCancel}>
          Отменить
        </Button>
      </Group>
      {children}
    </Paper>
  );
}
