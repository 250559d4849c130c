import { Badge, Group, List, Stack, Text, Title } from '@mantine/core';
import { number } from '@shared/format';
import { useQueries } from '@tanstack/react-query';

import { unwrap } from '../../api/api-error';
import { api } from '../../api/client';
import type { Draft } from './content-queries';
import { FIELD_TEXT, issuesBySeverity, SEVERITY_COLOR, SEVERITY_TEXT } from './content-text';

/** The issues of the proposed texts, the most serious first. */
export function DraftIssues({ draft }: { draft: Draft }) {
  const groups = issuesBySeverity(draft.issues);
  return (
    <Stack gap="xs" aria-label="Замечания" role="region">
      <Title order={5}>Замечания</Title>
      {groups.length === 0 && <Text c="dimmed">Замечаний нет</Text>}
      {groups.map((group) => (
        <Stack key={group.severity} gap={2}>
          <Text size="sm" fw={600} c={SEVERITY_COLOR[group.severity]}>
            {SEVERITY_TEXT[group.severity]}
          </Text>
          <List size="sm">
            {group.issues.map((issue, index) => (
              <List.Item key={index}>
                {FIELD_TEXT[issue.field] ?? issue.field}: {issue.message}
              </List.Item>
            ))}
          </List>
        </Stack>
      ))}
    </Stack>
  );
}

/** The buyers' searches the texts were written for, with their frequency. */
export function DraftKeywords({ draft }: { draft: Draft }) {
  return (
    <Stack gap="xs">
      <Title order={5}>Поисковые запросы</Title>
      {draft.keywords.length === 0 ? (
        <Text c="dimmed">Запросов нет</Text>
      ) : (
        <Group gap={6}>
          {draft.keywords.map((keyword) => (
            <Badge key={keyword.text} variant="outline" tt="none">
              {keyword.text} · {number(keyword.frequency)}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}

/** The knowledge base articles the AI was given, each with the version it read. */
export function DraftSources({ draft }: { draft: Draft }) {
  const articles = useQueries({
    queries: draft.knowledgeSources.map((source) => ({
      queryKey: ['knowledge-base', 'article', source.articleId],
      queryFn: async () => unwrap(await api.GET('/knowledge-base/articles/{id}', { params: { path: { id: source.articleId } } })),
      retry: false,
    })),
  });
  return (
    <Stack gap="xs">
      <Title order={5}>Источники из базы знаний</Title>
      {draft.knowledgeSources.length === 0 ? (
        <Text c="dimmed">База знаний не использована</Text>
      ) : (
        <List size="sm">
          {draft.knowledgeSources.map((source, index) => (
            <List.Item key={`${source.articleId}-${source.version}`}>
              «{articles[index].data?.title ?? 'Статья удалена или недоступна'}», версия {source.version}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
