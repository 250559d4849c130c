import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { counted, dateTime, number } from '@shared/format';

import { ErrorNotice } from '../../ui/ErrorNotice';
import { velocityText } from './cover-text';
import { useCreatePlan } from './inventory-queries';
import { planCsv } from './plan-csv';

const LINE_WORDS = ['позиция', 'позиции', 'позиций'] as const;

/** Offers the plan as a file the browser saves (a data address: nothing to release after the download). */
function download(text: string, name: string) {
  const link = document.createElement('a');
  link.href = `data:text/csv;charset=utf-8,${encodeURIComponent(text)}`;
  link.download = name;
  link.click();
}

/** The replenishment plan: how many units of each size to send, and why; as a CSV too. */
export function PlanSection({ mpAccountId }: { mpAccountId: string }) {
  const create = useCreatePlan(mpAccountId);
  const plan = create.data;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={3}>План поставки</Title>
        <Group>
          <Button variant="light" loading={create.isPending} onClick={() => create.mutate()}>
            Рассчитать план
          </Button>
          {plan && plan.lines.length > 0 && (
            <Button variant="subtle" onClick={() => download(planCsv(plan.lines), `план-поставки-${plan.createdAt.slice(0, 10)}.csv`)}>
              Скачать CSV
            </Button>
          )}
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        Сколько отправить, чтобы запаса хватило на {plan ? plan.params.targetDays : 'заданное'} дней продаж с учётом дороги и запаса:
        продажи в день × (дни запаса + дни в пути) × коэффициент − остаток − уже в поставках.
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
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {plan && plan.lines.length === 0 && <Text c="dimmed">Отправлять ничего не нужно: запаса хватает</Text>}
    </Stack>
  );
}
