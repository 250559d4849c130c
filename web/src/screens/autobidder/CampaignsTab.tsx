import { Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';

import { ErrorNotice } from '../../ui/ErrorNotice';
import { PageNav } from '../../ui/PageNav';
import { useCampaignLimits, useCampaigns, useUpdateCampaign } from './ads-queries';
import { CampaignRow } from './CampaignRow';
import { CampaignSync } from './CampaignSync';

/** The synced campaigns with their status, Автоставки switch, strategy and daily budget, each changed in its row. */
export function CampaignsTab({ mpAccountId }: { mpAccountId: string }) {
  const [page, setPage] = useState(1);
  const campaigns = useCampaigns(mpAccountId, page);
  // The limits of the campaigns shown, asked for by campaign: the account's first page of limits may not hold them.
  const limited = (campaigns.data?.items ?? []).filter((campaign) => campaign.budgetLimitId !== null).map((campaign) => campaign.advertId);
  const budgets = useCampaignLimits(mpAccountId, limited);
  const update = useUpdateCampaign(mpAccountId);
  // Unknown (undefined) until the limits have loaded: the field waits for the stored value instead of showing none.
  const dailyLimitOf = (budgetLimitId: string | null) =>
    budgetLimitId === null ? null : budgets.data?.items.find((budget) => budget.id === budgetLimitId)?.dailyLimitRub;

  return (
    <Stack>
      <CampaignSync mpAccountId={mpAccountId} />
      <ErrorNotice error={campaigns.error ?? budgets.error ?? update.error} />
      {campaigns.data && !campaigns.data.items.length && <Text c="dimmed">Кампаний пока нет: загрузите их с маркетплейса</Text>}
      {campaigns.data && campaigns.data.items.length > 0 && (
        <Table striped aria-label="Кампании">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Кампания</Table.Th>
              <Table.Th>Статус</Table.Th>
              <Table.Th>Расход за 7 дней</Table.Th>
              <Table.Th>Автоставки</Table.Th>
              <Table.Th>Стратегия</Table.Th>
              <Table.Th>Дневной бюджет, ₽</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {campaigns.data.items.map((campaign) => (
              <CampaignRow
                key={campaign.advertId}
                mpAccountId={mpAccountId}
                campaign={campaign}
                dailyLimitRub={dailyLimitOf(campaign.budgetLimitId)}
                update={update}
              />
            ))}
          </Table.Tbody>
        </Table>
      )}
      {campaigns.data && <PageNav total={campaigns.data.meta.totalPages} value={page} onChange={setPage} label="Страницы кампаний" />}
    </Stack>
  );
}
