import { Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';

import { ErrorNotice } from '../../ui/ErrorNotice';
import { PageNav } from '../../ui/PageNav';
import { useFlagged } from './kb-queries';
import { SIGN_TEXT, sourceText } from './kb-text';

/** Fragments that read like instructions for the AI: search skips them and the AI never gets them. */
export function FlaggedList({ mpAccountId }: { mpAccountId: string }) {
  const [page, setPage] = useState(1);
  const flagged = useFlagged(mpAccountId, page);
  return (
    <Stack>
      <Title order={3}>Подозрительные фрагменты</Title>
      <Text size="sm" c="dimmed">
        Похожи на инструкции для ИИ: поиск их не находит, в запросы к ИИ они не попадают.
      </Text>
      <ErrorNotice error={flagged.error} />
      {flagged.data &&
        (flagged.data.items.length === 0 ? (
          <Text c="dimmed">Подозрительных фрагментов нет</Text>
        ) : (
          <>
            <Table striped aria-label="Подозрительные фрагменты">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Источник</Table.Th>
                  <Table.Th>Фрагмент</Table.Th>
                  <Table.Th>Признаки</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {flagged.data.items.map((chunk) => (
                  <Table.Tr key={chunk.id}>
                    <Table.Td>{sourceText(chunk)}</Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={4}>
                        {chunk.text}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {chunk.signs.map((sign) => (
                          <Badge key={sign} color="red" variant="light" tt="none">
                            {SIGN_TEXT[sign]}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <PageNav total={flagged.data.meta.totalPages} value={page} onChange={setPage} label="Страницы подозрительных фрагментов" />
          </>
        ))}
    </Stack>
  );
}
