import { Button, Group, NumberInput, Switch, Table, Text } from '@mantine/core';
import { roubles } from '@shared/format';
import type { FormEvent } from 'react';

import { SearchSelect } from '../../ui/SearchSelect';
import { useStoredForm } from '../../ui/use-stored-form';
import { adsQueries, type Campaign, type useUpdateCampaign } from './ads-queries';
import { campaignStatusText } from './campaign-text';

const NO_BUDGET = { dailyBudget: '' as number | string };

/**
 * One campaign: Автоставки and the strategy change at once (the strategy is searched among all of the account's), the
 * daily budget when saved (0 or empty removes it). The budget is editable only once the limits have loaded (undefined
 * until then).
 */
export function CampaignRow({
  mpAccountId,
  campaign,
  dailyLimitRub,
  update,
}: {
  mpAccountId: string;
  campaign: Campaign;
  dailyLimitRub: number | null | undefined;
  update: ReturnType<typeof useUpdateCampaign>;
}) {
  const change = (fields: Parameters<typeof update.mutate>[0]['change'], onSuccess?: () => void) =>
    update.mutate({ advertId: campaign.advertId, change: fields }, { onSuccess });
  const budget = useStoredForm({
    stored: dailyLimitRub === undefined ? undefined : { dailyBudget: dailyLimitRub ?? '' },
    newValues: NO_BUDGET,
    fieldsOf: (values) => ({ dailyBudget: Number(values.dailyBudget || 0) }),
  });
  const saveBudget = (event: FormEvent) => {
    event.preventDefault();
    if (budget.canSave) change(budget.changes, budget.reset);
  };
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
        <Switch
          aria-label={`Автоставки кампании ${name}`}
          checked={campaign.auto}
          onChange={(e) => change({ auto: e.currentTarget.checked })}
        />
      </Table.Td>
      <Table.Td>
        <SearchSelect
          aria-label={`Стратегия кампании ${name}`}
          placeholder="Без стратегии"
          clearable
          clearButtonProps={{ 'aria-label': `Убрать стратегию кампании ${name}` }}
          options={(search) => adsQueries.strategyChoices(mpAccountId, search)}
          storedOption={campaign.strategyId === null ? null : { value: campaign.strategyId, label: campaign.strategyName ?? '' }}
          value={campaign.strategyId}
          onChange={(value) => value !== campaign.strategyId && change({ strategyId: value })}
          w={200}
        />
      </Table.Td>
      <Table.Td>
        <form onSubmit={saveBudget}>
          <Group gap="xs" wrap="nowrap">
            <NumberInput
              aria-label={`Дневной бюджет кампании ${name}, ₽`}
              placeholder={budget.ready ? 'нет' : 'загрузка…'}
              min={0}
              allowDecimal={false}
              w={120}
              {...budget.inputProps('dailyBudget')}
            />
            <Button type="submit" size="xs" disabled={!budget.canSave} aria-label={`Сохранить бюджет кампании ${name}`}>
              Сохранить
            </Button>
          </Group>
        </form>
      </Table.Td>
    </Table.Tr>
  );
}
