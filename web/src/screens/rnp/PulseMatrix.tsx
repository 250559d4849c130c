import { Badge, Group, Table, Text } from '@mantine/core';

import { type PulseCell, pulseCells } from './pulse-cells';
import { cellLines, completenessView, FLAG_VIEW, FLAGS, flagsView, periodHeading, planFactText, planText } from './pulse-text';
import type { PulseMatrix as Matrix } from './rnp-queries';

/** The flags' colours and what each means; the same words are the titles of the flagged cells. */
export function FlagLegend() {
  return (
    <Group gap="xs" aria-label="Отметки">
      {FLAGS.map((flag) => (
        <Badge key={flag} color={FLAG_VIEW[flag].color} variant="light" title={FLAG_VIEW[flag].title}>
          {FLAG_VIEW[flag].label}
        </Badge>
      ))}
    </Group>
  );
}

/** A day (or week) of a SKU: its figures, a flagged one coloured with its flags named and explained, what data is missing. */
function Cell({ cell }: { cell: PulseCell }) {
  const flags = flagsView(cell.flags);
  const missing = completenessView(cell.completeness);
  return (
    <Table.Td bg={flags?.background} title={flags?.title} miw={170} style={{ verticalAlign: 'top' }}>
      {cell.flags.length > 0 && (
        <Text size="xs" fw={700}>
          {cell.flags.map((flag) => FLAG_VIEW[flag].label).join(', ')}
        </Text>
      )}
      {cellLines(cell).map((line) => (
        <Text key={line} size="xs">
          {line}
        </Text>
      ))}
      {missing && (
        <Text size="xs" c="dimmed" title={missing.title}>
          {missing.text}
        </Text>
      )}
    </Table.Td>
  );
}

/** SKUs as rows with their plan and the period's orders against it, days (or weeks) as columns. */
export function PulseMatrix({ matrix }: { matrix: Matrix }) {
  const periods = [...new Set(matrix.items.flatMap((row) => row.cells.period))].sort();
  return (
    <Table.ScrollContainer minWidth={400}>
      <Table withColumnBorders aria-label="Пульс товаров">
        <Table.Thead>
          <Table.Tr>
            <Table.Th miw={220}>Товар</Table.Th>
            {periods.map((period) => (
              <Table.Th key={period}>{periodHeading(period, matrix.groupBy)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {matrix.items.map((row) => {
            const byPeriod = new Map(pulseCells(row.cells).map((cell) => [cell.period, cell]));
            return (
              <Table.Tr key={row.nmId}>
                <Table.Td style={{ verticalAlign: 'top' }}>
                  <Text size="sm">{row.title}</Text>
                  <Text size="xs" c="dimmed">
                    {row.vendorCode} · {row.nmId} · {row.brand}
                  </Text>
                  {row.plan && <Text size="xs">{planText(row.plan)}</Text>}
                  <Text size="xs">Заказы за период: {planFactText(row.ordersQty, row.planOrders, row.planCompletionPct)}</Text>
                </Table.Td>
                {periods.map((period) => {
                  const cell = byPeriod.get(period);
                  return cell ? <Cell key={period} cell={cell} /> : <Table.Td key={period} />;
                })}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
