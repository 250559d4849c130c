import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';

import { type DayRange, DayRangeInputs } from '../../ui/DayRangeInputs';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { SyncButton } from '../../ui/SyncButton';
import { openingRange, rangeError, refreshDays } from './pulse-period';
import { FlagLegend, PulseMatrix } from './PulseMatrix';
import { type PulseQuery, useExportPulse, usePulse, useRefreshStatus, useStartRefresh } from './rnp-queries';

const GROUPS = [
  { value: 'day', label: 'По дням' },
  { value: 'week', label: 'По неделям' },
];

/** «Обновить»: the pulse of the chosen days read again from the marketplace and the service's data, followed until it ends. */
function PulseRefresh({ mpAccountId, range }: { mpAccountId: string; range: DayRange }) {
  const start = useStartRefresh(mpAccountId);
  const status = useRefreshStatus(mpAccountId, start.data?.jobId);
  return (
    <SyncButton
      label="Обновить"
      title="Обновление пульса"
      busyLabel="Идёт обновление пульса"
      start={{ ...start, mutate: () => start.mutate(refreshDays(range)) }}
      status={status}
    />
  );
}

/** The list's daily pulse: the period and grouping, refresh and export, the legend of flags and the matrix. */
export function PulseSection({ mpAccountId, listId }: { mpAccountId: string; listId: string }) {
  const form = useForm<DayRange>({ mode: 'controlled', initialValues: openingRange() });
  const [groupBy, setGroupBy] = useState<PulseQuery['groupBy']>('day');
  const range = form.values;
  const invalid = rangeError(range);
  const query: PulseQuery = { listId, dateFrom: range.from, dateTo: range.to, groupBy };
  const pulse = usePulse(mpAccountId, query, !invalid);
  const exported = useExportPulse(mpAccountId);
  return (
    <Stack>
      <Group align="flex-end">
        <DayRangeInputs form={form} of="Период пульса" />
        <SegmentedControl
          aria-label="Группировка"
          data={GROUPS}
          value={groupBy}
          onChange={(value) => setGroupBy(value as PulseQuery['groupBy'])}
        />
        <Button variant="default" onClick={() => exported.mutate(query)} loading={exported.isPending} disabled={!!invalid}>
          Экспорт
        </Button>
      </Group>
      {!invalid && <PulseRefresh mpAccountId={mpAccountId} range={range} />}
      {invalid && <Text c="red.8">{invalid}</Text>}
      <ErrorNotice error={pulse.error ?? exported.error} />
      <FlagLegend />
      {pulse.data && pulse.data.items.length === 0 && <Text c="dimmed">В списке нет товаров: добавьте их на вкладке «Товары и планы»</Text>}
      {pulse.data && pulse.data.items.length > 0 && <PulseMatrix matrix={pulse.data} />}
    </Stack>
  );
}
