import { Stack, Tabs, Text, Title } from '@mantine/core';

import { useCurrentAccountId } from '../../layout/current-account';
import { BidEngineTab } from './BidEngineTab';
import { BudgetsTab } from './BudgetsTab';
import { CampaignsTab } from './CampaignsTab';
import { StrategiesTab } from './StrategiesTab';

function Ads({ mpAccountId }: { mpAccountId: string }) {
  return (
    <Tabs defaultValue="campaigns" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="campaigns">Кампании</Tabs.Tab>
        <Tabs.Tab value="budgets">Лимиты бюджета</Tabs.Tab>
        <Tabs.Tab value="strategies">Стратегии</Tabs.Tab>
        <Tabs.Tab value="bids">Движок ставок</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="campaigns">
        <CampaignsTab mpAccountId={mpAccountId} />
      </Tabs.Panel>
      <Tabs.Panel value="budgets">
        <BudgetsTab mpAccountId={mpAccountId} />
      </Tabs.Panel>
      <Tabs.Panel value="strategies">
        <StrategiesTab mpAccountId={mpAccountId} />
      </Tabs.Panel>
      <Tabs.Panel value="bids">
        <BidEngineTab mpAccountId={mpAccountId} />
      </Tabs.Panel>
    </Tabs>
  );
}

export default function AdsScreen() {
  const mpAccountId = useCurrentAccountId();
  return (
    <Stack>
      <Title order={2}>Реклама</Title>
      {mpAccountId ? (
        <Ads key={mpAccountId} mpAccountId={mpAccountId} />
      ) : (
        <Text c="dimmed">Подключите кабинет, чтобы управлять рекламой</Text>
      )}
    </Stack>
  );
}
