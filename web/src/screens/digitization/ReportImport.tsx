import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';

import { type DayRange, DayRangeInputs } from '../../ui/DayRangeInputs';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { moscowToday } from '../../ui/moscow-days';
import { reportNotice, type ReportPeriod, reportPeriodOf, reportRangeErrors } from './import-periods';
import { ImportProgress } from './ImportProgress';
import { useStartReportImport } from './imports-queries';

/** Spec: Import rules 1 and 7. The realisation report of a period; a start before the report's first day is moved to it. */
export function ReportImport({ mpAccountId }: { mpAccountId: string }) {
  const form = useForm<DayRange, ReportPeriod>({
    mode: 'controlled',
    initialValues: { from: '', to: moscowToday() },
    validate: reportRangeErrors,
    transformValues: reportPeriodOf,
  });
  const [notice, setNotice] = useState<string | null>(null);
  const start = useStartReportImport(mpAccountId);
  const submit = form.onSubmit((period) => {
    setNotice(reportNotice(form.getValues()));
    form.setValues({ from: period.dateFrom, to: period.dateTo });
    start.mutate(period);
  });
  const { from, to } = form.values;
  return (
    <Stack gap="sm">
      <Title order={3}>Отчёт о реализации</Title>
      <form onSubmit={submit}>
        <Group align="flex-end">
          <DayRangeInputs form={form} of="Период отчёта" />
          <Button type="submit" loading={start.isPending} disabled={!from || !to}>
            Импортировать отчёт
          </Button>
        </Group>
      </form>
      {notice && <Alert color="yellow">{notice}</Alert>}
      {form.errors.to && (
        <Alert color="red" role="alert">
          {form.errors.to}
        </Alert>
      )}
      <ErrorNotice error={start.error} />
      {start.data && (
        <ImportProgress key={start.data.jobId} mpAccountId={mpAccountId} jobId={start.data.jobId} title="Импорт отчёта о реализации" />
      )}
    </Stack>
  );
}
