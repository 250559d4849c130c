import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';

import { ErrorNotice } from '../../ui/ErrorNotice';
import { PageNav } from '../../ui/PageNav';
import { SearchSelect } from '../../ui/SearchSelect';
import { adsQueries, useBidEngineRun, useBidLog } from './ads-queries';
import { runBids, runSummaryText } from './bid-run-text';
import { BidChangesTable } from './BidChangesTable';

/** «Run now» with the bids it changed and those the marketplace refused, and the bid log of the engine in roubles, of all campaigns or of one. */
export function BidEngineTab({ mpAccountId }: { mpAccountId: string }) {
  const run = useBidEngineRun(mpAccountId);
  const [campaignId, setCampaignId] = useState<number>();
  const [page, setPage] = useState(1);
  const log = useBidLog(mpAccountId, campaignId, page);
  const { changed, refused } = runBids(run.data?.items ?? []);
  const filter = (value: string | null) => {
    setCampaignId(value === null ? undefined : Number(value));
    setPage(1);
  };

  return (
    <Stack gap="lg">
      <Stack>
        <Group justify="space-between">
          <Title order={3}>Запуск движка ставок</Title>
          <Button onClick={() => run.mutate()} loading={run.isPending}>
            Запустить сейчас
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          Движок запускается и по расписанию каждую минуту. Он меняет ставки активных кампаний с включёнными автоставками по их стратегиям.
        </Text>
        <ErrorNotice error={run.error} />
        {run.data && (
          <Alert color={run.data.refused ? 'yellow' : 'green'} title="Запуск завершён" aria-live="polite">
            {runSummaryText(run.data)}
          </Alert>
        )}
        {changed.length > 0 && <BidChangesTable label="Изменённые ставки" changes={changed} />}
        {refused.length > 0 && <BidChangesTable label="Отклонённые маркетплейсом ставки" changes={refused} />}
      </Stack>
      <Stack>
        <Group justify="space-between" align="flex-end">
          <Title order={3}>Журнал ставок</Title>
          <SearchSelect
            label="Кампания"
            placeholder="Все кампании"
            clearable
            clearButtonProps={{ 'aria-label': 'Показать все кампании' }}
            options={(search) => adsQueries.campaignChoices(mpAccountId, search)}
            value={campaignId === undefined ? null : String(campaignId)}
            onChange={filter}
            w={320}
          />
        </Group>
        <ErrorNotice error={log.error} />
        {log.data && !log.data.items.length && <Text c="dimmed">Изменений ставок пока нет</Text>}
        {log.data && log.data.items.length > 0 && <BidChangesTable label="Журнал ставок" changes={log.data.items} />}
        {log.data && <PageNav total={log.data.meta.totalPages} value={page} onChange={setPage} label="Страницы журнала ставок" />}
      </Stack>
    </Stack>
  );
}
