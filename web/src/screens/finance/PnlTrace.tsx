import { Badge, Modal, Stack, Table, Text } from '@mantine/core';
import { day, NO_VALUE, number, roublesToKopeck } from '@shared/format';
import { useState } from 'react';

import { ErrorNotice } from '../../ui/ErrorNotice';
import { PageNav } from '../../ui/PageNav';
import { type TracedFigure, useTrace } from './finance-queries';
import { LEDGER_SOURCE_TEXT, LEDGER_TYPE_TEXT } from './finance-text';
import { costOfDayText } from './pnl-text';

/** The ledger rows one P&L figure is made of, a page at a time, each with what it gives the figure; they add up to it. */
export function PnlTrace({ figure, title, onClose }: { figure: TracedFigure; title: string; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const trace = useTrace(figure, page);
  const data = trace.data;
  const cogs = figure.field === 'cogs';
  return (
    <Modal opened onClose={onClose} size="xl" title={title}>
      <Stack>
        <ErrorNotice error={trace.error} />
        {data && (
          <>
            <Text fw={600}>
              Итого: {roublesToKopeck(data.figure)} · операций: {number(data.meta.total)}
            </Text>
            <Table aria-label="Операции показателя">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>День</Table.Th>
                  <Table.Th>Вид</Table.Th>
                  <Table.Th>Источник</Table.Th>
                  <Table.Th>nmID</Table.Th>
                  <Table.Th>Сумма</Table.Th>
                  <Table.Th>Штук</Table.Th>
                  {cogs && <Table.Th>Себестоимость штуки</Table.Th>}
                  <Table.Th>В показатель</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{day(row.date)}</Table.Td>
                    <Table.Td>
                      {LEDGER_TYPE_TEXT[row.type]}{' '}
                      {row.split && (
                        <Badge size="xs" variant="light">
                          доля общей строки
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {LEDGER_SOURCE_TEXT[row.source]}
                      {row.reportId && ` № ${row.reportId}`}
                    </Table.Td>
                    <Table.Td>{row.nmId ?? NO_VALUE}</Table.Td>
                    <Table.Td>{roublesToKopeck(row.amount)}</Table.Td>
                    <Table.Td>{row.quantity ? number(row.quantity) : NO_VALUE}</Table.Td>
                    {cogs && <Table.Td>{costOfDayText(row.costPrice, row.costValidFrom)}</Table.Td>}
                    <Table.Td>{roublesToKopeck(row.contribution)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <PageNav total={data.meta.totalPages} value={page} onChange={setPage} label="Страницы операций показателя" />
          </>
        )}
      </Stack>
    </Modal>
  );
}
