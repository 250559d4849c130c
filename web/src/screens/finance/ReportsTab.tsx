import { Badge, Button, Stack, Table, Text } from '@mantine/core';
import { counted, dayRange, NO_VALUE, number, roublesToKopeck } from '@shared/format';
import { Fragment, useState } from 'react';

import { ErrorNotice } from '../../ui/ErrorNotice';
import { PageNav } from '../../ui/PageNav';
import { SyncButton } from '../../ui/SyncButton';
import { useReports, useReportSyncStatus, useStartReportSync } from './finance-queries';
import { differenceLines, type Report, REPORT_KIND_TEXT, REPORT_STATE_BADGE } from './finance-text';
import { ReportDetail } from './ReportDetail';

const COLUMNS = 9;

function ReportSync({ mpAccountId }: { mpAccountId: string }) {
  const start = useStartReportSync(mpAccountId);
  const status = useReportSyncStatus(mpAccountId, start.data?.jobId);
  return (
    <SyncButton
      label="Получить отчёты"
      title="Получение отчётов о реализации"
      busyLabel="Идёт получение отчётов"
      start={start}
      status={status}
    />
  );
}

/** A mismatched report's totals that differ from the sums of its rows: «в отчёте» against «по строкам». */
function Differences({ report }: { report: Report }) {
  return (
    <Table withTableBorder aria-label={`Расхождения отчёта ${report.id}`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Показатель</Table.Th>
          <Table.Th>в отчёте</Table.Th>
          <Table.Th>по строкам</Table.Th>
          <Table.Th>Разница</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {differenceLines(report.differences).map((line) => (
          <Table.Tr key={line.field}>
            <Table.Td>{line.field}</Table.Td>
            <Table.Td>{line.reportTotal}</Table.Td>
            <Table.Td>{line.rowsTotal}</Table.Td>
            <Table.Td c="red.8">{line.difference}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** What a report needs said under its row: its differences, and operations the ledger has no type for. */
function ReportNotes({ report }: { report: Report }) {
  const mismatch = report.state === 'mismatch' && report.differences.length > 0;
  if (!mismatch && !report.unmappedOperations.length) return null;
  return (
    <Table.Tr>
      <Table.Td colSpan={COLUMNS}>
        <Stack gap="xs">
          {mismatch && <Differences report={report} />}
          {report.unmappedOperations.length > 0 && (
            <Text size="sm" c="orange.8">
              Операции без вида в журнале (учтены как «Прочее»): {report.unmappedOperations.join(', ')}
            </Text>
          )}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

/** The cabinet's realisation reports, newest period first, with their reconciliation; a report opens its lines and cards. */
export function ReportsTab({ mpAccountId }: { mpAccountId: string }) {
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<Report | null>(null);
  const reports = useReports(mpAccountId, page);
  const data = reports.data;
  return (
    <Stack>
      <ReportSync mpAccountId={mpAccountId} />
      <Text size="sm" c="dimmed">
        Еженедельные отчёты маркетплейса за последние 90 дней; сервис получает их и сам каждый день в 06:00 по Москве. Отчёт сверен, когда
        каждый его итог равен сумме его строк до копейки.
      </Text>
      <ErrorNotice error={reports.error} />
      {data && (
        <Text>{data.meta.total ? `Отчётов: ${number(data.meta.total)}` : 'Отчётов пока нет: получите их с маркетплейса кнопкой выше'}</Text>
      )}
      {data && data.items.length > 0 && (
        <Table aria-label="Отчёты о реализации">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Период</Table.Th>
              <Table.Th>Отчёт</Table.Th>
              <Table.Th>Вид</Table.Th>
              <Table.Th>Продажи</Table.Th>
              <Table.Th>К перечислению за товар</Table.Th>
              <Table.Th>Итого к оплате</Table.Th>
              <Table.Th>Строк</Table.Th>
              <Table.Th>Сверка</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.items.map((report) => (
              <Fragment key={report.id}>
                <Table.Tr>
                  <Table.Td>{dayRange(report.dateFrom, report.dateTo)}</Table.Td>
                  <Table.Td>№ {report.id}</Table.Td>
                  <Table.Td>{REPORT_KIND_TEXT[report.kind]}</Table.Td>
                  <Table.Td>{roublesToKopeck(report.totals.retail)}</Table.Td>
                  <Table.Td>{roublesToKopeck(report.totals.forPay)}</Table.Td>
                  <Table.Td>{roublesToKopeck(report.totals.bankPayment)}</Table.Td>
                  <Table.Td>{report.state === 'listed' ? NO_VALUE : number(report.rowsCount)}</Table.Td>
                  <Table.Td miw={150}>
                    <Badge color={REPORT_STATE_BADGE[report.state].color}>{REPORT_STATE_BADGE[report.state].label}</Badge>
                    {report.state === 'mismatch' && (
                      <Text size="xs" c="red.8">
                        {counted(report.differences.length, ['итог не сходится', 'итога не сходятся', 'итогов не сходятся'])}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="light" onClick={() => setOpened(report)} aria-label={`Открыть отчёт ${report.id}`}>
                      Открыть
                    </Button>
                  </Table.Td>
                </Table.Tr>
                <ReportNotes report={report} />
              </Fragment>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {data && <PageNav total={data.meta.totalPages} value={page} onChange={setPage} label="Страницы отчётов" />}
      {opened && <ReportDetail mpAccountId={mpAccountId} report={opened} onClose={() => setOpened(null)} />}
    </Stack>
  );
}
