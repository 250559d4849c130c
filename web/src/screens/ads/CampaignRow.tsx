import { Button, Group, NativeSelect, NumberInput, Switch, Table, Text } from '@mantine/core';
import { useState } from 'react';

import { roubles } from '../../ui/format';
import type { Campaign, useUpdateCampaign } from './ads-queries';
import { campaignStatusText } from './campaign-text';
import type { Strategy } from './strategy-form';

const NO_STRATEGY = '';

/** One campaign: Auto and the strategy change at once, the daily budget when saved (0 or empty removes it). */
export function CampaignRow({
  campaign,
  dailyLimitRub,
  strategies,
  update,
}: {
  campaign: Campaign;
  dailyLimitRub: number | null;
  strategies: Strategy[];
  update: ReturnType<typeof useUpdateCampaign>;
}) {
  const [budget, setBudget] = useState<number | string>(dailyLimitRub ?? '');
  const change = (fields: Parameters<typeof update.mutate>[0]['change']) => update.mutate({ advertId: campaign.advertId, change: fields });
  const budgetChanged = Number(budget || 0) !== (dailyLimitRub ?? 0);
  const name = campaign.name;

  return (
    <Table.Tr>
      <Table.Td>
        {name}
        <Text size="xs" c="dimmed">
          № {campaign.advertId}
        </Text>
      </Table.Td>
      <Table.Td c={campaign.status === 9 ? 'green' : 'dimmed'}>{campaignStatusText(campaign.status)}</Table.Td>
      <Table.Td>{roubles(campaign.stats7d.spend)}</Table.Td>
      <Table.Td>
        <Switch aria-label={`Auto кампании ${name}`} checked={campaign.auto} onChange={(e) => change({ auto: e.currentTarget.checked })} />
      </Table.Td>
      <Table.Td>
        <NativeSelect
          aria-label={`Стратегия кампании ${name}`}
          data={[
            { value: NO_STRATEGY, label: 'Без стратегии' },
            ...strategies.map((strategy) => ({ value: strategy.id, label: strategy.name })),
          ]}
          value={campaign.strategyId ?? NO_STRATEGY}
          onChange={(e) => change({ strategyId: e.currentTarget.value || null })}
        />
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <NumberInput
            aria-label={`Дневной бюджет кампании ${name}, ₽`}
            placeholder="нет"
            min={0}
            allowDecimal={false}
            w={120}
            value={budget}
            onChange={setBudget}
          />
          {budgetChanged && (
            <Button size="xs" onClick={() => change({ dailyBudget: Number(budget || 0) })} aria-label={`Сохранить бюджет кампании ${name}`}>
              Сохранить
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
