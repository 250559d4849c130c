import { Stack, Text } from '@mantine/core';
import { number } from '@shared/format';
import { useState } from 'react';

import type { DayRange } from '../../ui/DayRangeInputs';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { PageNav } from '../../ui/PageNav';
import { useImportedRows } from './imports-queries';
import { type Column, RowsTable } from './RowsTable';

type Path = Parameters<typeof useImportedRows>[0];
type Row<P extends Path> = NonNullable<ReturnType<typeof useImportedRows<P>>['data']>['items'][number];

/** One page of imported rows of a day range, with the pages; the page goes back to the first when the range changes. */
export function ImportedRows<P extends Path>(props: {
  path: P;
  mpAccountId: string;
  range: DayRange;
  label: string;
  columns: Column<Row<P>>[];
  rowKey: (row: Row<P>) => string;
}) {
  const [page, setPage] = useState({ range: props.range, value: 1 });
  const current = page.range === props.range ? page.value : 1;
  const rows = useImportedRows(props.path, props.mpAccountId, props.range, current);
  return (
    <Stack gap="xs">
      <ErrorNotice error={rows.error} />
      {rows.data && (
        <Text size="sm" c="dimmed">
          Найдено: {number(rows.data.meta.total)}
        </Text>
      )}
      {rows.data && <RowsTable label={props.label} rows={rows.data.items as Row<P>[]} columns={props.columns} rowKey={props.rowKey} />}
      {rows.data && (
        <PageNav
          total={rows.data.meta.totalPages}
          value={current}
          onChange={(value) => setPage({ range: props.range, value })}
          label={`Страницы: ${props.label}`}
        />
      )}
    </Stack>
  );
}
