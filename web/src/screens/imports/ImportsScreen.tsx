import { Divider, Stack, Text, Title } from '@mantine/core';

import { useCurrentAccountId } from '../../layout/current-account';
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
  const mpAccountId = useCurrentAccountId();
  return (
    <Stack>
      <Title order={2}>Импорт</Title>
      {mpAccountId ? (
        <Imports key={mpAccountId} mpAccountId={mpAccountId} />
      ) : (
        <Text c="dimmed">Подключите кабинет, чтобы импортировать его заказы, продажи и отчёты</Text>
      )}
    </Stack>
  );
}
