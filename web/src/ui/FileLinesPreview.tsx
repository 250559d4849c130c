import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

import { PreviewPageNav, usePreviewPage } from './PreviewPages';

/** One line of an uploaded file of cards: the item it gives, or the reason it is left out. */
export interface FileLine<T> {
  line: number;
  /** The nmID as given, so that a line that is not a number still shows what it had. */
  nmID: string;
  item?: T;
  reason?: string;
}

/**
 * A page of a file's lines: the line, the nmID, the item's own `columns` (`cells` of a valid line; blank for a refused
 * one) and the check (`accepted`, or the error in red), with the pages below.
 */
export function FileLinesPreview<T>({
  label,
  rows,
  columns,
  cells,
  accepted,
}: {
  label: string;
  rows: FileLine<T>[];
  columns: string[];
  cells: (item: T | undefined) => ReactNode[];
  accepted: string;
}) {
  const preview = usePreviewPage(rows);
  return (
    <>
      <Table aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {['Строка', 'nmID', ...columns, 'Проверка'].map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.pageRows.map((row) => (
            <Table.Tr key={row.line} bg={row.item ? undefined : 'red.0'}>
              <Table.Td>{row.line}</Table.Td>
              <Table.Td>{row.nmID}</Table.Td>
              {cells(row.item).map((cell, index) => (
                <Table.Td key={columns[index]}>{cell}</Table.Td>
              ))}
              <Table.Td c={row.item ? undefined : 'red.8'}>{row.item ? accepted : `Ошибка: ${row.reason}`}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <PreviewPageNav preview={preview} />
    </>
  );
}
