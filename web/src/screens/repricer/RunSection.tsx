import { Alert, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { dateTime, number } from '@shared/format';
import { useState } from 'react';

import { ErrorNotice } from '../../ui/ErrorNotice';
import { PageNav } from '../../ui/PageNav';
import { useRunNow, useRuns } from './repricer-queries';
import { outcomeText, TRIGGER_TEXT } from './run-text';

/** «Run now» with the run's progress (from the polled run log) and result, and the run log itself. */
export function RunSection({ mpAccountId }: { mpAccountId: string }) {
  const [page, setPage] = useState(1);
  const runNow = useRunNow(mpAccountId);
  const runs = useRuns(mpAccountId, page, runNow.isPending);
  const running = runs.data?.items.find((run) => run.outcome === null);
  const result = runNow.data;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={3}>Запуски</Title>
        <Button onClick={() => runNow.mutate()} loading={runNow.isPending}>
          Запустить сейчас
        </Button>
      </Group>
      <div aria-live="polite">
        {runNow.isPending && (
          <Group gap="xs">
            <Loader size="xs" aria-label="Идёт запуск" />
            <Text size="sm">Запуск идёт{running ? `: изменено цен ${number(running.changed)}` : ''}</Text>
          </Group>
        )}
        {result && (
          <Alert color={result.outcome === 'error' ? 'red' : 'green'} title={`Запуск завершён: ${outcomeText(result.outcome)}`}>
            Изменено цен: {number(result.changed)}, без изменений: {number(result.skipped)}
            {result.errorText && `. ${result.errorText}`}
          </Alert>
        )}
      </div>
      <ErrorNotice error={runNow.error ?? runs.error} />
      {runs.data && !runs.data.items.length && <Text c="dimmed">Запусков пока не было</Text>}
      {runs.data && runs.data.items.length > 0 && (
        <Table striped aria-label="Журнал запусков">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Начало</Table.Th>
              <Table.Th>Как запущен</Table.Th>
              <Table.Th>Итог</Table.Th>
              <Table.Th>Изменено цен</Table.Th>
              <Table.Th>Без изменений</Table.Th>
              <Table.Th>Ошибка</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {runs.data.items.map((run) => (
              <Table.Tr key={run.id}>
                <Table.Td>{dateTime(run.startedAt)}</Table.Td>
                <Table.Td>{TRIGGER_TEXT[run.trigger]}</Table.Td>
                <Table.Td>{outcomeText(run.outcome)}</Table.Td>
                <Table.Td>{number(run.changed)}</Table.Td>
                <Table.Td>{number(run.skipped)}</Table.Td>
                <Table.Td>{run.errorText ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {runs.data && <PageNav total={runs.data.meta.totalPages} value={page} onChange={setPage} label="Страницы запусков" />}
    </Stack>
  );
}
