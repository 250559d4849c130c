import { Tabs } from '@mantine/core';

import { AccountScreen } from '../../ui/AccountScreen';
import { CostsTab } from './CostsTab';
import { PnlTab } from './PnlTab';
import { ReportsTab } from './ReportsTab';
import { TransactionsTab } from './TransactionsTab';

function Finance({ mpAccountId }: { mpAccountId: string }) {
  return (
    <Tabs defaultValue="reports" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="reports">Отчёты о реализации</Tabs.Tab>
        <Tabs.Tab value="transactions">Операции</Tabs.Tab>
        <Tabs.Tab value="costs">Себестоимость</Tabs.Tab>
        <Tabs.Tab value="pnl">P&L</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="reports">
        <ReportsTab mpAccountId={mpAccountId} />
      </Tabs.Panel>
      <Tabs.Panel value="transactions">
        <TransactionsTab mpAccountId={mpAccountId} />
      </Tabs.Panel>
      <Tabs.Panel value="costs">
        <CostsTab mpAccountId={mpAccountId} />
      </Tabs.Panel>
      <Tabs.Panel value="pnl">
        <PnlTab mpAccountId={mpAccountId} />
      </Tabs.Panel>
    </Tabs>
  );
}

export default function FinanceScreen() {
  return (
    <AccountScreen
      title="Финансы"
      noAccount="Подключите кабинет, чтобы сверять отчёты о реализации, вести операции и считать прибыль"
      content={Finance}
    />
  );
}
