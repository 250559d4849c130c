import { Button, Stack, Table, Text, Title } from '@mantine/core';

import { jobEnded } from '../../api/job-ended';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { JobProgress } from '../../ui/JobProgress';
import { type BulkReport, useBulkReport } from './price-queries';

function ChunkTable({ chunks }: { chunks: BulkReport['result']['chunks'] }) {
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Пакет</Table.Th>
          <Table.Th>Товаров</Table.Th>
          <Table.Th>Номер загрузки</Table.Th>
          <Table.Th>Отказ маркетплейса</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {chunks.map((chunk) => (
          <Table.Tr key={chunk.index}>
            <Table.Td>{chunk.index + 1}</Table.Td>
            <Table.Td>{chunk.items}</Table.Td>
            <Table.Td>{chunk.taskId ?? '—'}</Table.Td>
            <Table.Td c={chunk.errorText ? 'red.8' : undefined}>{chunk.errorText ?? '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function RejectedItemsTable({ items }: { items: BulkReport['result']['rejectedItems'] }) {
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Пакет</Table.Th>
          <Table.Th>Артикул WB</Table.Th>
          <Table.Th>Почему маркетплейс не применил цену</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item.nmId}>
            <Table.Td>{item.chunkIndex + 1}</Table.Td>
            <Table.Td>{item.nmId}</Table.Td>
            <Table.Td c="red.8">{item.errorText}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** What the report says about the items of the accepted uploads, by how far the marketplace has reported on them. */
function confirmationText(result: BulkReport['result']): string {
  if (result.confirmation === 'pending') return 'Ждём, что маркетплейс сообщит о товарах принятых пакетов.';
  if (result.confirmation === 'complete')
    return `Маркетплейс сообщил о всех товарах принятых пакетов. Не применено: ${result.itemsRejected}.`;
  return `Не применено: ${result.itemsRejected}. Не подтверждено: ${result.itemsUnconfirmed} — маркетплейс не сообщил о них за время ожидания.`;
}

/** The live report of a bulk job: its state, counters and, per upload, the task id or the marketplace's rejection,
 * and the items the marketplace refused in accepted uploads with its texts.
 */
export function BulkReportView({ mpAccountId, bulkJobId, onNew }: { mpAccountId: string; bulkJobId: string; onNew: () => void }) {
  const report = useBulkReport(mpAccountId, bulkJobId);
  const data = report.data;
  const finished = jobEnded(data);
  return (
    <Stack>
      <Title order={4}>Отчёт пакетного изменения</Title>
      <ErrorNotice error={report.error} />
      {!report.error && (
        <JobProgress job={data} title="Состояние" busyLabel="Задача выполняется">
          {data && (
            <>
              <Text size="sm">
                Товаров: {data.counters.items} · Пакетов: {data.counters.chunks} · Принято: {data.counters.accepted} · Отклонено:{' '}
                {data.counters.rejected}
              </Text>
              {data.result.chunks.length > 0 && <ChunkTable chunks={data.result.chunks} />}
              <Text size="sm">{confirmationText(data.result)}</Text>
              {data.result.rejectedItems.length > 0 && <RejectedItemsTable items={data.result.rejectedItems} />}
              <Text size="xs" c="dimmed">
                Карантин цен не отслеживается: настоящую цену покажет следующая синхронизация.
              </Text>
            </>
          )}
        </JobProgress>
      )}
      <Button variant="default" onClick={onNew} disabled={!finished && !report.error} w="fit-content">
        Новое изменение
      </Button>
    </Stack>
  );
}
