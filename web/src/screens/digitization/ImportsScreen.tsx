import { Divider, Stack } from '@mantine/core';

import { AccountScreen } from '../../ui/AccountScreen';
import { FeedsImport } from './FeedsImport';
import { ImportedData } from './ImportedData';
import { ReportImport } from './ReportImport';

function Imports({ mpAccountId }: { mpAccountId: string }) {
  return (
    <Stack gap="lg">
      <FeedsImport mpAccountId={mpAccountId} />
      <ReportImport mpAccountId={mpAccountId} />
      <Divider />
      <ImportedData mpAccountId={mpAccountId} />
    </Stack>
  );
}

export default function ImportsScreen() {
  return (
    <AccountScreen title="Импорт" noAccount="Подключите кабинет, чтобы импортировать его заказы, продажи и отчёты" content={Imports} />
  );
}
