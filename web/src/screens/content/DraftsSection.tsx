import { Badge, Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';

import { ErrorNotice } from '../../ui/ErrorNotice';
import { PageNav } from '../../ui/PageNav';
import { useDrafts } from './content-queries';
import { type DraftStatus, scoreChange, STATUS_COLOR, STATUS_OPTIONS, STATUS_TEXT } from './content-text';

/** The drafts of the cabinet, newest first, by status. */
export function DraftsSection({ mpAccountId, onOpen }: { mpAccountId: string; onOpen: (id: string) => void }) {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<DraftStatus | null>(null);
  const drafts = useDrafts(mpAccountId, page, status);
  return (
    <Stack>
      <Group justify="space-between" align="end">
        <Title order={3}>Черновики</Title>
        <Select
          label="Статус черновика"
          placeholder="Все"
          clearable
          data={STATUS_OPTIONS}
          value={status}
          onChange={(value) => {
            setStatus(value as DraftStatus | null);
            setPage(1);
          }}
          w={220}
        />
      </Group>
      <ErrorNotice error={drafts.error} />
      {drafts.data &&
        (drafts.data.items.length === 0 ? (
          <Text c="dimmed">Черновиков нет</Text>
        ) : (
          <>
            <Table striped aria-label="Черновики">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>nmID</Table.Th>
                  <Table.Th>Предлагаемое название</Table.Th>
                  <Table.Th>Оценка</Table.Th>
                  <Table.Th>Статус</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {drafts.data.items.map((draft) => (
                  <Table.Tr key={draft.id}>
                    <Table.Td>{draft.nmId}</Table.Td>
                    <Table.Td>{draft.proposed.title}</Table.Td>
                    <Table.Td>{scoreChange(draft.scoreBefore, draft.scoreAfter)}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOR[draft.status]} variant="light">
                        {STATUS_TEXT[draft.status]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Button size="xs" variant="light" onClick={() => onOpen(draft.id)} aria-label={`Открыть черновик ${draft.nmId}`}>
                        Открыть
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <PageNav total={drafts.data.meta.totalPages} value={page} onChange={setPage} label="Страницы черновиков" />
          </>
        ))}
    </Stack>
  );
}
