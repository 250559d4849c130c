import { Text } from '@mantine/core';

import { useScenarios, useTemplates } from '../api/reply-queries';
import { conditionText, replyModeText, templateName } from './scenario-text';

/** One scenario of the account in a line: priority, conditions, template and how it sends. */
export function ScenarioLine({ mpAccountId, scenarioId, prefix }: { mpAccountId: string; scenarioId: string | null; prefix: string }) {
  const scenarios = useScenarios(mpAccountId);
  const templates = useTemplates(mpAccountId);
  const scenario = scenarios.data?.items.find((candidate) => candidate.id === scenarioId);
  if (!scenarios.data) return null;
  return (
    <Text size="sm">
      {prefix}:{' '}
      {scenario
        ? `приоритет ${scenario.priority}, ${conditionText(scenario)}, шаблон «${templateName(templates.data?.items ?? [], scenario.templateId)}», отправка ${replyModeText(scenario.replyMode)}`
        : 'сценарий удалён'}
    </Text>
  );
}
