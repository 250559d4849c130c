import { Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';

import { ErrorNotice } from '../../ui/ErrorNotice';
import { FEED_PERIODS, type FeedPeriod, feedsImportFrom, type FeedsImportValues } from './import-periods';
import { ImportProgress } from './ImportProgress';
import { useStartFeedsImport } from './imports-queries';

const PERIOD_OPTIONS = FEED_PERIODS.map((days) => ({ value: String(days), label: `${days} дней` }));

/** Spec: Import rule 4. The orders, sales and returns of the last 7 or 30 days. */
export function FeedsImport({ mpAccountId }: { mpAccountId: string }) {
  const form = useForm<FeedsImportValues, string>({
    mode: 'controlled',
    initialValues: { days: 30 },
    transformValues: feedsImportFrom,
  });
  const start = useStartFeedsImport(mpAccountId);
  return (
    <Stack gap="sm">
      <Title order={3}>Заказы, продажи и возвраты</Title>
      <form onSubmit={form.onSubmit((dateFrom) => start.mutate(dateFrom))}>
        <Group align="center">
          <SegmentedControl
            aria-label="Период импорта заказов и продаж"
            data={PERIOD_OPTIONS}
            value={String(form.values.days)}
            onChange={(value) => form.setFieldValue('days', Number(value) as FeedPeriod)}
          />
          <Button type="submit" loading={start.isPending}>
            Импортировать заказы и продажи
          </Button>
        </Group>
      </form>
      <ErrorNotice error={start.error} />
      {start.data?.alreadyRunning && <Text size="sm">Импорт этого кабинета уже идёт: показан его ход</Text>}
      {start.data && (
        <ImportProgress key={start.data.jobId} mpAccountId={mpAccountId} jobId={start.data.jobId} title="Импорт заказов и продаж" />
      )}
    </Stack>
  );
}
