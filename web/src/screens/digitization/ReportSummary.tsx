import { Stack, Table, Text } from '@mantine/core';
import { day, number, roubles } from '@shared/format';

import type { components } from '../../api/schema';
import { ErrorNotice } from '../../ui/ErrorNotice';
import type { ReportPeriod } from './import-periods';
import { useReportSummary } from './imports-queries';

type Totals = components['schemas']['DigitizationReportTotalsDto'];

const AMOUNTS: { field: keyof Omit<Totals, 'rows'>; header: string }[] = [
  { field: 'revenue', header: 'Выручка' },
  { field: 'commission', header: 'Комиссия' },
  { field: 'logistics', header: 'Логистика' },
  { field: 'storage', header: 'Хранение' },
  { field: 'penalties', header: 'Штрафы' },
  { field: 'deductions', header: 'Удержания' },
  { field: 'payout', header: 'К перечислению' },
];

function TotalsCells({ totals }: { totals: Totals }) {
  return (
    <>
      {AMOUNTS.map(({ field }) => (
        <Table.Td key={field}>{roubles(totals[field])}</Table.Td>
      ))}
      <Table.Td>{number(totals.rows)}</Table.Td>
    </>
  );
}

/** The realisation report's totals by week (by report) and for the whole period: of the reports started in the period, whole. */
export function ReportSummary({ mpAccountId, period }: { mpAccountId: string; period: ReportPeriod }) {
  const summary = useReportSummary(mpAccountId, period);
  const data = summary.data;
  return (
    <Stack gap="xs">
      <ErrorNotice error={summary.error} />
      {data && !data.weeks.length && <Text c="dimmed">Отчётов, начатых в этом периоде, нет</Text>}
      {data && data.weeks.length > 0 && (
        <Text size="sm" c="dimmed">
          Итоги — по отчётам, начатым в периоде {day(period.dateFrom)} — {day(period.dateTo)}, со всеми их строками, даже вышедшими за его
          конец.
        </Text>
      )}
      {data && data.weeks.length > 0 && (
        <Table.ScrollContainer minWidth={800}>
          <Table striped aria-label="Финансовый отчёт по неделям">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Неделя</Table.Th>
                {AMOUNTS.map(({ field, header }) => (
                  <Table.Th key={field}>{header}</Table.Th>
                ))}
                <Table.Th>Строк</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.weeks.map((week) => (
                <Table.Tr key={week.reportDateFrom}>
                  <Table.Td>
                    {day(week.reportDateFrom)} — {day(week.reportDateTo)}
                  </Table.Td>
                  <TotalsCells totals={week} />
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr fw={600}>
                <Table.Td>Итого</Table.Td>
                <TotalsCells totals={data.total} />
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
