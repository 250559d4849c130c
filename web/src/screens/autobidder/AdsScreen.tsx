import { Tabs } from '@mantine/core';

import { AccountScreen } from '../../ui/AccountScreen';
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
  return <AccountScreen title="Реклама" noAccount="Подключите кабинет, чтобы управлять рекламой" content={Ads} />;
}
