import { Button, Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';

import { AccountScreen } from '../../ui/AccountScreen';
import { AbTestForm } from './AbTestForm';
import { AbTestPage } from './AbTestPage';
import { AbTestsList } from './AbTestsList';
import { AbTestsSummary } from './AbTestsSummary';

/** The cabinet's tests of a card's main photo: the summary, a new test, the list; or one test opened from it. */
function AbTests({ mpAccountId }: { mpAccountId: string }) {
  const [opened, setOpened] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  if (opened) return <AbTestPage mpAccountId={mpAccountId} id={opened} onBack={() => setOpened(null)} />;
  return (
    <Stack gap="lg">
      <AbTestsSummary mpAccountId={mpAccountId} />
      <Stack>
        <Group justify="space-between">
          <Title order={3}>Тесты главного фото</Title>
          {!creating && <Button onClick={() => setCreating(true)}>Новый тест</Button>}
        </Group>
        {creating && (
          <AbTestForm
            mpAccountId={mpAccountId}
            onCancel={() => setCreating(false)}
            onCreated={(test) => {
              setCreating(false);
              setOpened(test.id);
            }}
          />
        )}
        <AbTestsList mpAccountId={mpAccountId} onOpen={setOpened} />
      </Stack>
    </Stack>
  );
}

export default function AbTestsScreen() {
  return <AccountScreen title="A/B-тесты" noAccount="Подключите кабинет, чтобы тестировать главное фото карточек" content={AbTests} />;
}
