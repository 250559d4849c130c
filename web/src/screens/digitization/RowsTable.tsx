import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

/** A table of rows with the columns given, or a note when there are none. */
export function RowsTable<T>({
  label,
  rows,
  columns,
  rowKey,
}: {
  label: string;
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => string;
}) {
  if (!rows.length) return <Text c="dimmed">Строк за этот период нет</Text>;
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table striped aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.header}>{column.header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Td key={column.header}>{column.cell(row)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
