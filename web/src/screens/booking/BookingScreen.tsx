import { Tabs } from '@mantine/core';

import { AccountScreen } from '../../ui/AccountScreen';
import { SuppliesTab } from './SuppliesTab';
import { TasksTab } from './TasksTab';
import { WarehousesTab } from './WarehousesTab';

function Booking({ mpAccountId }: { mpAccountId: string }) {
  return (
    <Tabs defaultValue="tasks" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="tasks">Поиск слотов</Tabs.Tab>
        <Tabs.Tab value="warehouses">Склады и коэффициенты</Tabs.Tab>
        <Tabs.Tab value="supplies">Поставки</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="tasks">
        <TasksTab mpAccountId={mpAccountId} />
      </Tabs.Panel>
      <Tabs.Panel value="warehouses">
        <WarehousesTab mpAccountId={mpAccountId} />
      </Tabs.Panel>
      <Tabs.Panel value="supplies">
        <SuppliesTab mpAccountId={mpAccountId} />
      </Tabs.Panel>
    </Tabs>
  );
}

export default function BookingScreen() {
  return (
    <AccountScreen title="Поставки" noAccount="Подключите кабинет, чтобы искать слоты приёмки и следить за поставками" content={Booking} />
  );
}
