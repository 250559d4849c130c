import { Button, Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';

import { AccountScreen } from '../../ui/AccountScreen';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { useRules } from './repricer-queries';
import type { Rule } from './rule-text';
import { RuleForm } from './RuleForm';
import { RuleProducts } from './RuleProducts';
import { RulesTable, ScheduleNote } from './RulesTable';
import { RunSection } from './RunSection';

/** The form is either closed, a new rule, or the change of one rule. */
type Editing = { rule: Rule | null } | null;

function Repricer({ mpAccountId }: { mpAccountId: string }) {
  const rules = useRules(mpAccountId);
  const [editing, setEditing] = useState<Editing>(null);
  return (
    <Stack gap="lg">
      <Stack>
        <Group justify="space-between">
          <Title order={3}>Правила</Title>
          {!editing && <Button onClick={() => setEditing({ rule: null })}>Новое правило</Button>}
        </Group>
        {rules.data && <ScheduleNote schedule={rules.data.schedule} />}
        <ErrorNotice error={rules.error} />
        {editing && (
          <RuleForm key={editing.rule?.id ?? 'new'} mpAccountId={mpAccountId} editing={editing.rule} onDone={() => setEditing(null)} />
        )}
        {rules.data && <RulesTable rules={rules.data.items} onEdit={(rule) => setEditing({ rule })} />}
      </Stack>
      <RunSection mpAccountId={mpAccountId} />
      <RuleProducts mpAccountId={mpAccountId} />
    </Stack>
  );
}

export default function RepricerScreen() {
  return <AccountScreen title="Репрайсер" noAccount="Подключите кабинет, чтобы настроить репрайсер" content={Repricer} />;
}
