import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { counted, dateTime, number } from '@shared/format';
import { useState } from 'react';

import { warehouseQueries } from '../../api/warehouse-queries';
import { Link } from '../../routing/router';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { planTaskLink } from '../../ui/plan-task-link';
import { SearchSelect } from '../../ui/SearchSelect';
import { velocityText } from './cover-text';
import { type Plan, useCreatePlan } from './inventory-queries';
import { planCsv } from './plan-csv';

const LINE_WORDS = ['позиция', 'позиции', 'позиций'] as const;
/** A task takes at most this many barcodes (the marketplace's bound on a supply's list). */
const TASK_BARCODES_MAX = 1000;

type PlanLine = Plan['lines'][number];

/** Offers the plan as a file the browser saves (a data address: nothing to release after the download). */
function download(text: string, name: string) {
  const link = document.createElement('a');
  link.href = `data:text/csv;charset=utf-8,${encodeURIComponent(text)}`;
  link.download = name;
  link.click();
}

/** The supplies screen on a new task for these lines of the plan: their warehouse, barcodes and units. */
function taskLink(plan: Plan, lines: readonly PlanLine[]): string {
  const warehouseIds = [...new Set(lines.flatMap((line) => (line.warehouseId === null ? [] : [line.warehouseId])))];
  const barcodes = lines.flatMap((line) => (line.barcode === null ? [] : [{ barcode: line.barcode, quantity: line.quantity }]));
  return planTaskLink({ planId: plan.id, warehouseIds, barcodes });
}

/**
 * The replenishment plan, of all warehouses or of one: how many units of each size to send, and why; as a CSV too;
 * a line, or the whole plan of one warehouse, starts a slot-watch task on the supplies screen.
 */
export function PlanSection({ mpAccountId }: { mpAccountId: string }) {
  const create = useCreatePlan(mpAccountId);
  const [warehouseId, setWarehouseId] = useState<string | null>(null);
  const plan = create.data;
  const oneWarehouse = plan?.params.warehouseIds?.length === 1;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={3}>План поставки</Title>
        <Group align="flex-end">
          <SearchSelect
            label="Склад поставки"
            placeholder="Все склады"
            clearable
            options={(search) => warehouseQueries.choices(mpAccountId, search)}
            value={warehouseId}
            onChange={setWarehouseId}
          />
          <Button
            variant="light"
            loading={create.isPending}
            onClick={() => create.mutate(warehouseId === null ? null : Number(warehouseId))}
          >
            Рассчитать план
          </Button>
          {plan && plan.lines.length > 0 && (
            <Button variant="subtle" onClick={() => download(planCsv(plan.lines), `план-поставки-${plan.createdAt.slice(0, 10)}.csv`)}>
              Скачать CSV
            </Button>
          )}
          {plan && oneWarehouse && plan.lines.length > 0 && plan.lines.length <= TASK_BARCODES_MAX && (
            <Button variant="subtle" component={Link} to={taskLink(plan, plan.lines)}>
              Задача на поставку всего плана
            </Button>
          )}
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        Сколько отправить, чтобы запаса хватило на {plan ? plan.params.targetDays : 'заданное'} дней продаж с учётом дороги и запаса:
        продажи в день × (дни запаса + дни в пути) × коэффициент − остаток − уже в поставках. С выбранным складом считается остаток только
        на нём, и задача на поставку создаётся сразу на этот склад.
      </Text>
      <ErrorNotice error={create.error} />
      {plan && (
        <Text size="sm">
          План от {dateTime(plan.createdAt)}: {counted(plan.lineCount, LINE_WORDS)}, {number(plan.units)} шт.
        </Text>
      )}
      {plan && plan.lines.length > 0 && (
        <Table striped aria-label="План поставки">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>nmID</Table.Th>
              <Table.Th>Размер</Table.Th>
              <Table.Th>Продаж в день</Table.Th>
              <Table.Th>Остаток</Table.Th>
              <Table.Th>В поставках</Table.Th>
              <Table.Th>К отправке</Table.Th>
              <Table.Th>Почему</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {plan.lines.map((line) => (
              <Table.Tr key={`${line.nmId}-${line.size}-${line.warehouseId ?? ''}`}>
                <Table.Td>{line.nmId}</Table.Td>
                <Table.Td>{line.size}</Table.Td>
                <Table.Td>{velocityText(line.velocityPerDay)}</Table.Td>
                <Table.Td>{number(line.stock)}</Table.Td>
                <Table.Td>{number(line.inSupply)}</Table.Td>
                <Table.Td fw={600}>{number(line.quantity)}</Table.Td>
                <Table.Td>{line.reason}</Table.Td>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={taskLink(plan, [line])}
                    size="sm"
                    aria-label={`Создать задачу на поставку: ${line.nmId}, размер ${line.size}`}
                  >
                    Создать задачу на поставку
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {plan && plan.lines.length === 0 && <Text c="dimmed">Отправлять ничего не нужно: запаса хватает</Text>}
    </Stack>
  );
}
