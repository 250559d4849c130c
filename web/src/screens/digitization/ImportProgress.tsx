import { Stack, Table, Text } from '@mantine/core';
import { number } from '@shared/format';

import { ErrorNotice } from '../../ui/ErrorNotice';
import { JobProgress } from '../../ui/JobProgress';
import { reportPeriodText } from '../../ui/report-period';
import { type ImportStatus, totalsRows } from './import-totals';
import { useImportStatus } from './imports-queries';

function Totals({ totals }: { totals: ImportStatus['totals'] }) {
  const rows = totalsRows(totals);
  if (!rows.length) return null;
  return (
    <Table aria-label="Итоги импорта" withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Данные</Table.Th>
          <Table.Th>Новых</Table.Th>
          <Table.Th>Изменено</Table.Th>
          <Table.Th>Без изменений</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(({ label, counts }) => (
          <Table.Tr key={label}>
            <Table.Td>{label}</Table.Td>
            <Table.Td>{number(counts.inserted)}</Table.Td>
            <Table.Td>{number(counts.updated)}</Table.Td>
            <Table.Td>{number(counts.unchanged)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Spec: Job level. A running import's progress, and what it wrote so far. */
export function ImportProgress({ mpAccountId, jobId, title }: { mpAccountId: string; jobId: string; title: string }) {
  const status = useImportStatus(mpAccountId, jobId);
  const data = status.data;
  return (
    <Stack gap="xs">
      <ErrorNotice error={status.error} />
      {!status.error && (
        <JobProgress job={data} title={title} busyLabel="Импорт идёт">
          {data?.result?.period && <Text size="sm">{reportPeriodText(data.result.period)}</Text>}
          {data && <Totals totals={data.totals} />}
        </JobProgress>
      )}
    </Stack>
  );
}
