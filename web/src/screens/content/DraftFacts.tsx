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

type KnowledgeSource = Draft['knowledgeSources'][number];

/** The name a seller knows a source by: an article's title, a document's file name. */
async function sourceName(source: KnowledgeSource): Promise<string> {
  const path = { params: { path: { id: source.sourceId } } };
  if (source.sourceType === 'article') return unwrap(await api.GET('/knowledge-base/articles/{id}', path)).title;
  return unwrap(await api.GET('/knowledge-base/documents/{id}', path)).fileName;
}

/** The knowledge base articles and documents the AI was given, each with the version it read. */
export function DraftSources({ draft }: { draft: Draft }) {
  const names = useQueries({
    queries: draft.knowledgeSources.map((source) => ({
      queryKey: ['knowledge-base', source.sourceType, source.sourceId, 'name'],
      queryFn: () => sourceName(source),
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
            <List.Item key={`${source.sourceId}-${source.version}`}>
              {source.sourceType === 'article' ? 'Статья' : 'Документ'} «{names[index].data ?? 'удалён или недоступен'}», версия{' '}
              {source.version}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
