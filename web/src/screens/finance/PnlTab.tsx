import { Anchor, Group, SegmentedControl, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { roublesToKopeck } from '@shared/format';
import { useState } from 'react';

import { ErrorNotice } from '../../ui/ErrorNotice';
import { firstPageOn } from '../../ui/first-page-on';
import { KpiCards } from '../../ui/KpiCards';
import { daysBefore, moscowToday } from '../../ui/moscow-days';
import { PageNav } from '../../ui/PageNav';
import { PAGE_SIZE, type SummaryPeriod, type TracedFigure, usePnl, useSummary } from './finance-queries';
import { figureText, GROUPING_TEXT, KEY_TITLE, PNL_COLUMNS, type PnlFigures, type PnlGrouping, pnlKeyText } from './pnl-text';
import { PnlTrace } from './PnlTrace';
import { MARKETPLACE_COST_CARDS, SUMMARY_CARDS } from './summary-cards';

const GROUPINGS = Object.entries(GROUPING_TEXT).map(([value, label]) => ({ value, label }));
const PERIODS = [
  { value: '7d', label: '7 дней' },
  { value: '30d', label: '30 дней' },
];
/** The P&L opens on the last 30 Moscow days, today included. */
const DEFAULT_DAYS = 29;

function Summary({ mpAccountId }: { mpAccountId: string }) {
  const [period, setPeriod] = useState<SummaryPeriod>('30d');
  const summary = useSummary(mpAccountId, period);
  return (
    <Stack>
      <SegmentedControl data={PERIODS} value={period} onChange={(value) => setPeriod(value as SummaryPeriod)} w="fit-content" />
      <ErrorNotice error={summary.error} />
      {summary.data && (
        <>
          <KpiCards title="Сводка" summary={summary.data} cards={SUMMARY_CARDS} />
          <KpiCards title="Расходы маркетплейса" summary={summary.data.marketplaceCosts} cards={MARKETPLACE_COST_CARDS} />
        </>
      )}
    </Stack>
  );
}

/** One row of figures; a figure that is a sum of ledger rows opens them, when the row has a key to ask by. */
function FigureCells({
  figures,
  rowName,
  onTrace,
}: {
  figures: PnlFigures;
  rowName: string;
  onTrace?: (field: TracedFigure['field'], label: string) => void;
}) {
  return PNL_COLUMNS.map((column) => {
    const text = figureText(figures, column);
    const value = figures[column.field];
    const negative = value !== null && value < 0;
    return (
      <Table.Td key={column.field} c={negative ? 'red.8' : undefined} style={{ whiteSpace: 'nowrap' }}>
        {column.traced && onTrace && value !== 0 ? (
          <Anchor
            component="button"
            type="button"
            aria-label={`${column.label}: ${rowName}`}
            onClick={() => onTrace(column.traced!, column.label)}
          >
            {text}
          </Anchor>
        ) : (
          text
        )}
      </Table.Td>
    );
  });
}

/**
 * The P&L of a period by day, week, month, card or brand, with its totals and, by card or brand, what no card takes;
 * a figure that is a sum of ledger rows opens them. The financial summary's figures are above it.
 */
export function PnlTab({ mpAccountId }: { mpAccountId: string }) {
  const [dateTo, setDateTo] = useState(moscowToday);
  const [dateFrom, setDateFrom] = useState(() => daysBefore(moscowToday(), DEFAULT_DAYS));
  const [groupBy, setGroupBy] = useState<PnlGrouping>('day');
  const [page, setPage] = useState(1);
  const [traced, setTraced] = useState<{ figure: TracedFigure; title: string } | null>(null);
  const query = { mpAccountId, dateFrom, dateTo, groupBy, page, limit: PAGE_SIZE };
  const pnl = usePnl(query);
  const data = pnl.data;
  const changed = firstPageOn(setPage);

  return (
    <Stack>
      <Summary mpAccountId={mpAccountId} />
      <Title order={3}>P&L</Title>
      <Group align="flex-end">
        <TextInput
          type="date"
          label="С"
          aria-label="P&L: с"
          value={dateFrom}
          onChange={(e) => changed(setDateFrom)(e.currentTarget.value)}
        />
        <TextInput type="date" label="По" aria-label="P&L: по" value={dateTo} onChange={(e) => changed(setDateTo)(e.currentTarget.value)} />
        <SegmentedControl data={GROUPINGS} value={groupBy} onChange={(value) => changed(setGroupBy)(value as PnlGrouping)} />
      </Group>
      <ErrorNotice error={pnl.error} />
      {data && (
        <Table.ScrollContainer minWidth={2000}>
          <Table striped aria-label="P&L">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{KEY_TITLE[groupBy]}</Table.Th>
                {PNL_COLUMNS.map((column) => (
                  <Table.Th key={column.field}>{column.label}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((row) => {
                const name = pnlKeyText(groupBy, row.key);
                return (
                  <Table.Tr key={row.key}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{name}</Table.Td>
                    <FigureCells
                      figures={row}
                      rowName={name}
                      onTrace={(field, label) =>
                        setTraced({ figure: { mpAccountId, dateFrom, dateTo, groupBy, key: row.key, field }, title: `${label}: ${name}` })
                      }
                    />
                  </Table.Tr>
                );
              })}
              {data.unallocated && (
                <Table.Tr>
                  <Table.Td>Без товара</Table.Td>
                  <FigureCells figures={data.unallocated} rowName="Без товара" />
                </Table.Tr>
              )}
              <Table.Tr fw={700}>
                <Table.Td>Итого</Table.Td>
                <FigureCells figures={data.totals} rowName="Итого" />
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {data && data.taxDifference !== 0 && (
        <Text size="sm" c="dimmed">
          Налог итогов считается на базу итогов и отличается от суммы налога строк на {roublesToKopeck(data.taxDifference)}.
        </Text>
      )}
      {data && <PageNav total={data.meta.totalPages} value={page} onChange={setPage} label="Страницы P&L" />}
      {traced && <PnlTrace figure={traced.figure} title={traced.title} onClose={() => setTraced(null)} />}
    </Stack>
  );
}
