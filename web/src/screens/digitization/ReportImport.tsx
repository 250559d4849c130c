import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';

import { ErrorNotice } from '../../ui/ErrorNotice';
import { DayRangeInputs } from './DayRangeInputs';
import { moscowToday, reportRequest } from './import-periods';
import { ImportProgress } from './ImportProgress';
import { type DayRange, useStartReportImport } from './imports-queries';

/** Spec: Import rules 1 and 7. The realisation report of a period; a start before the report's first day is moved to it. */
export function ReportImport({ mpAccountId }: { mpAccountId: string }) {
  const [range, setRange] = useState<DayRange>({ from: '', to: moscowToday() });
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const start = useStartReportImport(mpAccountId);
  const submit = () => {
    const request = reportRequest({ dateFrom: range.from, dateTo: range.to });
    if ('error' in request) {
      setProblem(request.error);
      return;
    }
    setProblem(null);
    setNotice(request.notice);
    if (request.notice) setRange({ from: request.period.dateFrom, to: request.period.dateTo });
    start.mutate(request.period);
  };
  return (
    <Stack gap="sm">
      <Title order={3}>Отчёт о реализации</Title>
      <Group align="flex-end">
        <DayRangeInputs value={range} onChange={setRange} of="Период отчёта" />
        <Button onClick={submit} loading={start.isPending} disabled={!range.from || !range.to}>
          Импортировать отчёт
        </Button>
      </Group>
      {notice && <Alert color="yellow">{notice}</Alert>}
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      <ErrorNotice error={start.error} />
      {start.data && (
        <ImportProgress key={start.data.jobId} mpAccountId={mpAccountId} jobId={start.data.jobId} title="Импорт отчёта о реализации" />
      )}
    </Stack>
  );
}
