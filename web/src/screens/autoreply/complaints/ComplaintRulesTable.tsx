import { Table, Text } from '@mantine/core';
import { useState } from 'react';

import { ConfirmedRowActions } from '../../../ui/ConfirmedRowActions';
import { ErrorNotice } from '../../../ui/ErrorNotice';
import { type ComplaintRule, complaintRuleCondition } from './complaint-rule-form';
import { useComplaintReasons, useDeleteComplaintRule } from './complaints-queries';

const MODE_TEXT = { manual: 'черновик', auto: 'сразу к подаче' } as const;

/** The account's complaint rules; a rule is deleted only after a second click confirms it, a failure shown at its row. */
export function ComplaintRulesTable({
  mpAccountId,
  rules,
  onEdit,
}: {
  mpAccountId: string;
  rules: ComplaintRule[];
  onEdit: (rule: ComplaintRule) => void;
}) {
  const reasons = useComplaintReasons();
  const remove = useDeleteComplaintRule(mpAccountId);
  const [confirming, setConfirming] = useState<string | null>(null);
  const reasonLabel = (code: string) => reasons.data?.items.find((reason) => reason.code === code)?.label ?? code;
  if (!rules.length) return <Text c="dimmed">Правил пока нет</Text>;
  return (
    <Table striped aria-label="Правила жалоб">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Условие</Table.Th>
          <Table.Th>Причина</Table.Th>
          <Table.Th>Жалоба готовится</Table.Th>
          <Table.Th>Приоритет</Table.Th>
          <Table.Th>Состояние</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rules.map((rule) => {
          const name = `${complaintRuleCondition(rule)}, ${reasonLabel(rule.reason)}`;
          return (
            <Table.Tr key={rule.id}>
              <Table.Td>{complaintRuleCondition(rule)}</Table.Td>
              <Table.Td>{reasonLabel(rule.reason)}</Table.Td>
              <Table.Td>{MODE_TEXT[rule.replyMode]}</Table.Td>
              <Table.Td>{rule.priority}</Table.Td>
              <Table.Td c={rule.isActive ? 'green' : 'dimmed'}>{rule.isActive ? 'включено' : 'выключено'}</Table.Td>
              <Table.Td>
                <ConfirmedRowActions
                  labels={{
                    edit: `Изменить правило: ${name}`,
                    remove: `Удалить правило: ${name}`,
                    confirm: `Подтвердить удаление правила: ${name}`,
                  }}
                  confirming={confirming === rule.id}
                  pending={remove.isPending}
                  onEdit={() => onEdit(rule)}
                  onAsk={() => setConfirming(rule.id)}
                  onConfirm={() => remove.mutate(rule.id, { onSettled: () => setConfirming(null) })}
                />
                {remove.variables === rule.id && <ErrorNotice error={remove.error} />}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
