import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';

import { ErrorNotice } from '../../ui/ErrorNotice';
import { useKbSearch } from './kb-queries';
import { scoreText, sourceText } from './kb-text';

/** What the AI would be given for a question: the best fragments, each with its source and score. */
export function KbSearch({ mpAccountId }: { mpAccountId: string }) {
  const [q, setQ] = useState('');
  const search = useKbSearch(mpAccountId);
  const find = () => q.trim() && search.mutate(q.trim());
  return (
    <Stack>
      <Title order={3}>Поиск по базе знаний</Title>
      <Group align="end">
        <TextInput
          label="Запрос"
          placeholder="Слова в любой форме, можно с опечаткой"
          value={q}
          onChange={(event) => setQ(event.currentTarget.value)}
          onKeyDown={(event) => event.key === 'Enter' && find()}
          w={420}
        />
        <Button disabled={!q.trim()} loading={search.isPending} onClick={find}>
          Найти
        </Button>
      </Group>
      <ErrorNotice error={search.error} />
      {search.data &&
        (search.data.items.length === 0 ? (
          <Text c="dimmed">Ничего не найдено</Text>
        ) : (
          <Stack gap="xs" role="list" aria-label="Найденные фрагменты">
            {search.data.items.map((item, index) => (
              <Paper key={index} withBorder p="sm" role="listitem">
                <Group justify="space-between">
                  <Text size="sm" fw={600}>
                    {sourceText(item)}
                  </Text>
                  <Text size="sm" c="dimmed">
                    Оценка {scoreText(item.score)}
                  </Text>
                </Group>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {item.text}
                </Text>
              </Paper>
            ))}
          </Stack>
        ))}
    </Stack>
  );
}
