import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';

import { type DayRange, DayRangeInputs } from '../../ui/DayRangeInputs';
import { daysBefore, moscowToday } from '../../ui/moscow-days';
import { ORDER_ROWS, REPORT_ROWS, SALE_ROWS } from './imported-columns';
import { ImportedRows } from './ImportedRows';
import { ReportSummary } from './ReportSummary';

const NO_RANGE: DayRange = { from: '', to: '' };

/** A list of imported rows under its day range (none at first: every row). */
function RangedRows({ of, children }: { of: string; children: (range: DayRange) => ReactNode }) {
  const form = useForm<DayRange>({ mode: 'controlled', initialValues: NO_RANGE });
  return (
    <Stack gap="sm">
      <DayRangeInputs form={form} of={of} />
      {children(form.values)}
    </Stack>
  );
}

/** The report's rows and its weekly summary, both of one period (the summary needs both days). */
function ReportRows({ mpAccountId }: { mpAccountId: string }) {
  const form = useForm<DayRange>({ mode: 'controlled', initialValues: { from: daysBefore(moscowToday(), 30), to: moscowToday() } });
  const range = form.values;
  const complete = range.from !== '' && range.to !== '';
  return (
    <Stack gap="sm">
      <DayRangeInputs form={form} of="Отчёт о реализации" />
      {complete && <ReportSummary mpAccountId={mpAccountId} period={{ dateFrom: range.from, dateTo: range.to }} />}
      <Text size="sm" c="dimmed">
        Строки ниже — по дате операции в периоде, из любых отчётов: их число может не совпадать со «Строк» в итогах.
      </Text>
      <ImportedRows {...REPORT_ROWS} mpAccountId={mpAccountId} range={range} />
    </Stack>
  );
}

/** What the imports wrote: orders, sales and returns, the realisation report. */
export function ImportedData({ mpAccountId }: { mpAccountId: string }) {
  return (
    <Stack gap="sm">
      <Title order={3}>Загруженные данные</Title>
      <Tabs defaultValue="orders" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="orders">Заказы</Tabs.Tab>
          <Tabs.Tab value="sales">Продажи и возвраты</Tabs.Tab>
          <Tabs.Tab value="report">Отчёт о реализации</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="orders" pt="sm">
          <RangedRows of={ORDER_ROWS.label}>
            {(range) => <ImportedRows {...ORDER_ROWS} mpAccountId={mpAccountId} range={range} />}
          </RangedRows>
        </Tabs.Panel>
        <Tabs.Panel value="sales" pt="sm">
          <RangedRows of={SALE_ROWS.label}>{(range) => <ImportedRows {...SALE_ROWS} mpAccountId={mpAccountId} range={range} />}</RangedRows>
        </Tabs.Panel>
        <Tabs.Panel value="report" pt="sm">
          <ReportRows mpAccountId={mpAccountId} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
