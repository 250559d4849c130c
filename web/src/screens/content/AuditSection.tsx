import { Button, Checkbox, Group, NumberInput, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';

import { ErrorNotice } from '../../ui/ErrorNotice';
import { PageNav } from '../../ui/PageNav';
import { useAudit } from './content-queries';
import { GenerateForm } from './GenerateForm';

/** The cards whose texts score worst, worst first; the chosen ones get new texts from the AI. */
export function AuditSection({ mpAccountId, onOpenDraft }: { mpAccountId: string; onOpenDraft: (id: string) => void }) {
  const [page, setPage] = useState(1);
  const [scoreBelow, setScoreBelow] = useState<number | null>(null);
  const [chosen, setChosen] = useState<number[]>([]);
  const [generating, setGenerating] = useState(false);
  const audit = useAudit(mpAccountId, page, scoreBelow);
  const toggle = (nmId: number, on: boolean) => setChosen((nmIds) => (on ? [...nmIds, nmId] : nmIds.filter((id) => id !== nmId)));
  return (
    <Stack>
      <Group justify="space-between" align="end">
        <Title order={3}>Карточки с худшими текстами</Title>
        <Group align="end">
          <NumberInput
            label="Оценка ниже"
            placeholder="Любая"
            min={1}
            max={100}
            allowDecimal={false}
            value={scoreBelow ?? ''}
            onChange={(value) => {
              setScoreBelow(typeof value === 'number' ? value : null);
              setPage(1);
            }}
            w={140}
          />
          <Button disabled={chosen.length === 0} onClick={() => setGenerating(true)}>
            Сгенерировать{chosen.length > 0 ? ` (${chosen.length})` : ''}
          </Button>
        </Group>
      </Group>
      {generating && (
        <GenerateForm mpAccountId={mpAccountId} nmIds={chosen} onOpenDraft={onOpenDraft} onClose={() => setGenerating(false)} />
      )}
      <ErrorNotice error={audit.error} />
      {audit.data &&
        (audit.data.items.length === 0 ? (
          <Text c="dimmed">Карточек нет: синхронизируйте каталог</Text>
        ) : (
          <>
            <Table striped aria-label="Оценка карточек">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th />
                  <Table.Th>nmID</Table.Th>
                  <Table.Th>Артикул</Table.Th>
                  <Table.Th>Название</Table.Th>
                  <Table.Th>Предмет</Table.Th>
                  <Table.Th>Оценка</Table.Th>
                  <Table.Th>Замечания</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {audit.data.items.map((item) => (
                  <Table.Tr key={item.nmId}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Выбрать карточку ${item.nmId}`}
                        checked={chosen.includes(item.nmId)}
                        onChange={(event) => toggle(item.nmId, event.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td>{item.nmId}</Table.Td>
                    <Table.Td>{item.vendorCode}</Table.Td>
                    <Table.Td>{item.title}</Table.Td>
                    <Table.Td>{item.subjectName ?? '—'}</Table.Td>
                    <Table.Td fw={700}>{item.score}</Table.Td>
                    <Table.Td>
                      <Text size="xs">{item.issues.map((issue) => issue.message).join('; ') || '—'}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <PageNav total={audit.data.meta.totalPages} value={page} onChange={setPage} label="Страницы оценки карточек" />
          </>
        ))}
    </Stack>
  );
}
