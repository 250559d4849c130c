import { Table, Text } from '@mantine/core';

import type { Draft } from './content-queries';
import { characteristicLines } from './content-text';

const Lines = ({ lines, changed }: { lines: string[]; changed: boolean }) => (
  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} fw={changed ? 500 : undefined}>
    {lines.join('\n') || '—'}
  </Text>
);

/** The card's texts as they are on the marketplace beside the proposed ones; a changed field is marked. */
export function DraftDiff({ draft }: { draft: Draft }) {
  const changed = new Set(draft.diff.map((change) => change.field));
  const rows = [
    { field: 'title', label: 'Название', before: [draft.current.title], after: [draft.proposed.title] },
    { field: 'description', label: 'Описание', before: [draft.current.description], after: [draft.proposed.description] },
    {
      field: 'characteristics',
      label: 'Характеристики',
      before: characteristicLines(draft.current.characteristics),
      after: characteristicLines(draft.proposed.characteristics),
    },
  ];
  return (
    <Table withColumnBorders aria-label="Сейчас и предлагается" layout="fixed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={140}>Поле</Table.Th>
          <Table.Th>Сейчас</Table.Th>
          <Table.Th>Предлагается</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.field}>
            <Table.Td>
              {row.label}
              {changed.has(row.field) && (
                <Text size="xs" c="blue">
                  изменено
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Lines lines={row.before} changed={false} />
            </Table.Td>
            <Table.Td bg={changed.has(row.field) ? 'var(--mantine-color-green-light)' : undefined}>
              <Lines lines={row.after} changed={changed.has(row.field)} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
