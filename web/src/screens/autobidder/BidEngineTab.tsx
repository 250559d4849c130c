import { Alert, Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';

import { ErrorNotice } from '../../ui/ErrorNotice';
import { PageNav } from '../../ui/PageNav';
import { useBidEngineRun, useBidLog, useCampaignChoices } from './ads-queries';
import { runBids, runSummaryText } from './bid-run-text';
import { BidChangesTable } from './BidChangesTable';

const ALL_CAMPAIGNS = '';

/** «Run now» with the bids it changed and those the marketplace refused, and the bid log of the engine in roubles, of all campaigns or of one. */
export function BidEngineTab({ mpAccountId }: { mpAccountId: string }) {
  const run = useBidEngineRun(mpAccountId);
  const campaigns = useCampaignChoices(mpAccountId);
  const [campaignId, setCampaignId] = useState<number>();
  const [page, setPage] = useState(1);
  const log = useBidLog(mpAccountId, campaignId, page);
  const { changed, refused } = runBids(run.data?.items ?? []);
  const filter = (value: string) => {
    setCampaignId(value === ALL_CAMPAIGNS ? undefined : Number(value));
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
          <NativeSelect
            label="Кампания"
            data={[
              { value: ALL_CAMPAIGNS, label: 'Все кампании' },
              ...(campaigns.data?.items ?? []).map((campaign) => ({ value: String(campaign.advertId), label: campaign.name })),
            ]}
            value={campaignId === undefined ? ALL_CAMPAIGNS : String(campaignId)}
            onChange={(e) => filter(e.currentTarget.value)}
          />
        </Group>
        <ErrorNotice error={log.error ?? campaigns.error} />
        {log.data && !log.data.items.length && <Text c="dimmed">Изменений ставок пока нет</Text>}
        {log.data && log.data.items.length > 0 && <BidChangesTable label="Журнал ставок" changes={log.data.items} />}
        {log.data && <PageNav total={log.data.meta.totalPages} value={page} onChange={setPage} label="Страницы журнала ставок" />}
      </Stack>
    </Stack>
  );
}
