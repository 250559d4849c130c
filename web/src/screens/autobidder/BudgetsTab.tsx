import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';

import { ErrorNotice } from '../../ui/ErrorNotice';
import { PageNav } from '../../ui/PageNav';
import { usePageWithin } from '../../ui/use-page-within';
import { useBudgetCheck, useBudgets, useCampaignsOf, useDeleteBudget } from './ads-queries';
import { CheckLine, checkResultLines, checkSummaryText, lastCheckLine } from './budget-check-text';
import { ACTION_TEXT, Budget, limitsText } from './budget-form';
import { BudgetForm } from './BudgetForm';
import { DeleteConfirm } from './DeleteConfirm';
import { RowActions } from './RowActions';

/** The form is either closed, a new limit, or the change of one limit. */
type Editing = { budget: Budget | null } | null;

const TONE_COLOR: Record<CheckLine['tone'], string | undefined> = { ok: undefined, warning: 'orange', failure: 'red' };

function CheckResult({ lines }: { lines: CheckLine[] }) {
  return lines.map((line, index) => (
    <Text key={index} size="sm" c={TONE_COLOR[line.tone]}>
      {line.text}
    </Text>
  ));
}

/** The campaigns' budget limits, their change, and the check run on demand (spec: Ad budget routes, check rules 1-8). */
export function BudgetsTab({ mpAccountId }: { mpAccountId: string }) {
  const [page, setPage] = useState(1);
  const budgets = useBudgets(mpAccountId, page);
  // The campaigns of the limits shown, asked for by number: the account's first page of campaigns may not hold them.
  const campaigns = useCampaignsOf(
    mpAccountId,
    (budgets.data?.items ?? []).map((budget) => budget.advertId),
  );
  const check = useBudgetCheck(mpAccountId);
  const remove = useDeleteBudget(mpAccountId);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Budget | null>(null);
  const [checkedAt, setCheckedAt] = useState<number>();
  usePageWithin(page, setPage, budgets.data?.meta.totalPages);
  const campaignName = (advertId: number) =>
    campaigns.data?.items.find((campaign) => campaign.advertId === advertId)?.name ?? `№ ${advertId}`;
  const runCheck = () => {
    const startedAt = Date.now();
    check.mutate(undefined, { onSuccess: () => setCheckedAt(startedAt) });
  };

  return (
    <Stack>
      <Group>
        {!editing && <Button onClick={() => setEditing({ budget: null })}>Новый лимит</Button>}
        <Button variant="light" onClick={runCheck} loading={check.isPending}>
          Проверить сейчас
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Лимиты проверяются только по кнопке «Проверить сейчас»: сами по себе, по расписанию, они не проверяются. Расход берётся из
        загруженной статистики (обновляется каждые 5 минут), поэтому возможен небольшой перерасход; приостановленные кампании сервис не
        возобновляет.
      </Text>
      {check.data && (
        <Alert
          color={check.data.triggered || check.data.incomplete.length ? 'yellow' : 'green'}
          title="Проверка выполнена"
          aria-live="polite"
        >
          {checkSummaryText(check.data)}
        </Alert>
      )}
      <ErrorNotice error={budgets.error ?? campaigns.error ?? check.error} />
      {editing && (
        <BudgetForm key={editing.budget?.id ?? 'new'} mpAccountId={mpAccountId} editing={editing.budget} onDone={() => setEditing(null)} />
      )}
      {budgets.data?.meta.total === 0 && <Text c="dimmed">Лимитов пока нет</Text>}
      {budgets.data && budgets.data.items.length > 0 && (
        <Table striped aria-label="Лимиты бюджета">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Кампания</Table.Th>
              <Table.Th>Лимиты</Table.Th>
              <Table.Th>Когда достигнут</Table.Th>
              <Table.Th>Последняя проверка</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {budgets.data.items.map((budget) => {
              const name = campaignName(budget.advertId);
              return (
                <Table.Tr key={budget.id}>
                  <Table.Td>{name}</Table.Td>
                  <Table.Td>{limitsText(budget)}</Table.Td>
                  <Table.Td>{ACTION_TEXT[budget.onLimitAction]}</Table.Td>
                  <Table.Td>
                    <CheckResult lines={checkResultLines(budget, check.data, checkedAt) ?? [lastCheckLine(budget)]} />
                  </Table.Td>
                  <Table.Td>
                    <RowActions subject={`лимит ${name}`} onEdit={() => setEditing({ budget })} onDelete={() => setDeleting(budget)} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {budgets.data && <PageNav total={budgets.data.meta.totalPages} value={page} onChange={setPage} label="Страницы лимитов" />}
      {deleting && (
        <DeleteConfirm
          title="Удалить лимит?"
          text={`Лимит кампании «${campaignName(deleting.advertId)}» больше не будет проверяться.`}
          remove={remove}
          id={deleting.id}
          onClose={() => setDeleting(null)}
        />
      )}
    </Stack>
  );
}
