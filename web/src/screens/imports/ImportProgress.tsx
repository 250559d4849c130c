import { Alert, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

import { ErrorNotice } from '../../ui/ErrorNotice';
import { countdownText, type ImportStatus, isFinished, PHASE_TEXT, secondsUntil, totalsRows } from './import-progress';
import { useImportStatus } from './imports-queries';

const TICK_MS = 1_000;

/** The seconds left until the job goes on, ticking once a second. */
function Countdown({ resumeAt }: { resumeAt: string }) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return <Text size="sm">Продолжим через {countdownText(secondsUntil(resumeAt, now) ?? 0)}</Text>;
}

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
            <Table.Td>{counts.inserted}</Table.Td>
            <Table.Td>{counts.updated}</Table.Td>
            <Table.Td>{counts.unchanged}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

const stateColor = (state: ImportStatus['state']) => (state === 'failed' ? 'red' : state === 'completed' ? 'green' : 'blue');

/** Spec: Job level. A running import's phase and message, its pause and attempt, and what it wrote so far. */
export function ImportProgress({ mpAccountId, jobId, title }: { mpAccountId: string; jobId: string; title: string }) {
  const status = useImportStatus(mpAccountId, jobId);
  const data = status.data;
  const progress = data?.progress;
  const finished = isFinished(data);
  return (
    <Stack gap="xs" aria-live="polite">
      <ErrorNotice error={status.error} />
      {data && (
        <Alert color={stateColor(data.state)} title={`${title}: ${PHASE_TEXT[progress?.phase ?? 'queued']}`}>
          <Stack gap={4}>
            {!finished && (
              <Group gap="xs">
                <Loader size="xs" aria-label="Импорт идёт" />
                {progress && <Text size="sm">{progress.message}</Text>}
              </Group>
            )}
            {finished && <Text size="sm">{data.failedReason ?? progress?.message}</Text>}
            {!finished && progress?.resumeAt && <Countdown resumeAt={progress.resumeAt} />}
            {progress && (
              <Text size="xs" c="dimmed">
                Попытка {progress.attempt} из {progress.maxAttempts}
              </Text>
            )}
          </Stack>
        </Alert>
      )}
      {data && <Totals totals={data.totals} />}
    </Stack>
  );
}
