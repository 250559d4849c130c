import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';

import { AccountScreen } from '../../../ui/AccountScreen';
import { ErrorNotice } from '../../../ui/ErrorNotice';
import type { ComplaintRule } from './complaint-rule-form';
import { ComplaintRuleForm } from './ComplaintRuleForm';
import { ComplaintRulesTable } from './ComplaintRulesTable';
import { useComplaintRules } from './complaints-queries';
import { FeedbackList } from './FeedbackList';
import { PreparedComplaints } from './PreparedComplaints';

/** The form is either closed, a new rule, or the change of one rule. */
type Editing = { rule: ComplaintRule | null } | null;

function Complaints({ mpAccountId }: { mpAccountId: string }) {
  const rules = useComplaintRules(mpAccountId);
  const [editing, setEditing] = useState<Editing>(null);
  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3}>Правила жалоб</Title>
          {!editing && <Button onClick={() => setEditing({ rule: null })}>Новое правило</Button>}
        </Group>
        <Text size="sm" c="dimmed">
          Правило подходит отзывам с оценкой не выше заданной; из подходящих выбирается правило с меньшим приоритетом.
        </Text>
        <ErrorNotice error={rules.error} />
        {editing && (
          <ComplaintRuleForm
            key={editing.rule?.id ?? 'new'}
            mpAccountId={mpAccountId}
            editing={editing.rule}
            onDone={() => setEditing(null)}
          />
        )}
        {rules.data && <ComplaintRulesTable mpAccountId={mpAccountId} rules={rules.data.items} onEdit={(rule) => setEditing({ rule })} />}
      </Stack>
      <PreparedComplaints mpAccountId={mpAccountId} />
      <FeedbackList mpAccountId={mpAccountId} />
    </Stack>
  );
}

export default function ComplaintsScreen() {
  return <AccountScreen title="Жалобы" noAccount="Подключите кабинет, чтобы готовить жалобы на отзывы" content={Complaints} />;
}
