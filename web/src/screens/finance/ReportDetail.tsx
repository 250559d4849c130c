import { Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { dayRange, NO_VALUE, number, roublesToKopeck } from '@shared/format';
import { useState } from 'react';

import type { components } from '../../api/schema';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { PageNav } from '../../ui/PageNav';
import { PAGE_SIZE, useReport } from './finance-queries';
import { inLedgerOrder, LEDGER_TYPE_TEXT, type Report, REPORT_STATE_BADGE, TOTALS_TEXT, type TotalsField } from './finance-text';

type Line = components['schemas']['ReportLineDto'];

/** Ledger lines by type as «Продажи 1 000 ₽ · Комиссия −150 ₽». */
const linesText = (lines: Line[]) =>
  inLedgerOrder(lines)
    .map((line) => `${LEDGER_TYPE_TEXT[line.type]} ${roublesToKopeck(line.amount)}`)
    .join(' · ');

function Totals({ report }: { report: Report }) {
  return (
    <Table aria-label="Итоги отчёта" withTableBorder>
      <Table.Tbody>
        {(Object.keys(TOTALS_TEXT) as TotalsField[]).map((field) => (
          <Table.Tr key={field}>
            <Table.Td>{TOTALS_TEXT[field]}</Table.Td>
            <Table.Td>{roublesToKopeck(report.totals[field])}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A report: its totals, its ledger rows by type (the P&L lines, which add up to the bank payment) and by card, a page at a time. */
export function ReportDetail({ mpAccountId, report, onClose }: { mpAccountId: string; report: Report; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const detail = useReport(mpAccountId, report.id, page);
  const data = detail.data;
  return (
    <Modal opened onClose={onClose} size="xl" title={`Отчёт № ${report.id}: ${dayRange(report.dateFrom, report.dateTo)}`}>
      <Stack>
        <Text>Сверка: {REPORT_STATE_BADGE[report.state].label}</Text>
        <Totals report={report} />
        <ErrorNotice error={detail.error} />
        {data && (
          <>
            <Title order={4}>Строки P&L</Title>
            {data.lines.length ? (
              <Table aria-label="Строки P&L отчёта">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Вид операции</Table.Th>
                    <Table.Th>Сумма</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {inLedgerOrder(data.lines).map((line) => (
                    <Table.Tr key={line.type}>
                      <Table.Td>{LEDGER_TYPE_TEXT[line.type]}</Table.Td>
                      <Table.Td c={line.amount < 0 ? 'red.8' : undefined}>{roublesToKopeck(line.amount)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : (
              <Text c="dimmed">Строки отчёта ещё не получены</Text>
            )}
            <Group justify="space-between">
              <Title order={4}>По товарам</Title>
              <Text size="sm">Товаров: {number(data.nmsTotal)}</Text>
            </Group>
            {data.nms.length > 0 && (
              <Table aria-label="Отчёт по товарам">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>nmID</Table.Th>
                    <Table.Th>Штук</Table.Th>
                    <Table.Th>Итого</Table.Th>
                    <Table.Th>Из чего</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.nms.map((nm) => (
                    <Table.Tr key={nm.nmId ?? 'none'}>
                      <Table.Td>{nm.nmId ?? 'Без товара'}</Table.Td>
                      <Table.Td>{nm.nmId === null ? NO_VALUE : number(nm.units)}</Table.Td>
                      <Table.Td>{roublesToKopeck(nm.total)}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{linesText(nm.lines)}</Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            <PageNav total={Math.ceil(data.nmsTotal / PAGE_SIZE)} value={page} onChange={setPage} label="Страницы товаров отчёта" />
          </>
        )}
      </Stack>
    </Modal>
  );
}
