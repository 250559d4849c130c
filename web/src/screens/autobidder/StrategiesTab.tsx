import { Button, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';

import { ErrorNotice } from '../../ui/ErrorNotice';
import { PageNav } from '../../ui/PageNav';
import { usePageWithin } from '../../ui/use-page-within';
import { useDeleteStrategy, useStrategies } from './ads-queries';
import { DeleteConfirm } from './DeleteConfirm';
import { RowActions } from './RowActions';
import type { Strategy } from './strategy-form';
import { bidBoundsText, goalText, strategyCampaignsText } from './strategy-text';
import { StrategyForm } from './StrategyForm';

/** The form is either closed, a new strategy, or the change of one strategy. */
type Editing = { strategy: Strategy | null } | null;

/** The account's bid strategies, created, changed and deleted here (spec: Bid strategy and campaign). */
export function StrategiesTab({ mpAccountId }: { mpAccountId: string }) {
  const [page, setPage] = useState(1);
  const strategies = useStrategies(mpAccountId, page);
  usePageWithin(page, setPage, strategies.data?.meta.totalPages);
  const remove = useDeleteStrategy(mpAccountId);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Strategy | null>(null);

  return (
    <Stack>
      {!editing && (
        <Button w="fit-content" onClick={() => setEditing({ strategy: null })}>
          Новая стратегия
        </Button>
      )}
      <ErrorNotice error={strategies.error} />
      {editing && (
        <StrategyForm
          key={editing.strategy?.id ?? 'new'}
          mpAccountId={mpAccountId}
          editing={editing.strategy}
          onDone={() => setEditing(null)}
        />
      )}
      {strategies.data && !strategies.data.items.length && <Text c="dimmed">Стратегий пока нет</Text>}
      {strategies.data && strategies.data.items.length > 0 && (
        <Table striped aria-label="Стратегии">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Название</Table.Th>
              <Table.Th>Цель</Table.Th>
              <Table.Th>Ставка</Table.Th>
              <Table.Th>Кампании</Table.Th>
              <Table.Th>Состояние</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {strategies.data.items.map((strategy) => (
              <Table.Tr key={strategy.id}>
                <Table.Td>{strategy.name}</Table.Td>
                <Table.Td>{goalText(strategy)}</Table.Td>
                <Table.Td>{bidBoundsText(strategy)}</Table.Td>
                <Table.Td>{strategyCampaignsText(strategy.campaigns)}</Table.Td>
                <Table.Td c={strategy.isActive ? 'green' : 'dimmed'}>{strategy.isActive ? 'включена' : 'выключена'}</Table.Td>
                <Table.Td>
                  <RowActions
                    subject={`стратегию ${strategy.name}`}
                    onEdit={() => setEditing({ strategy })}
                    onDelete={() => setDeleting(strategy)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {strategies.data && <PageNav total={strategies.data.meta.totalPages} value={page} onChange={setPage} label="Страницы стратегий" />}
      {deleting && (
        <DeleteConfirm
          title="Удалить стратегию?"
          text={`Стратегия «${deleting.name}» больше не будет менять ставки.`}
          remove={remove}
          id={deleting.id}
          onClose={() => setDeleting(null)}
        />
      )}
    </Stack>
  );
}
