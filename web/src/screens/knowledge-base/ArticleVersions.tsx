import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';

import { ErrorNotice } from '../../ui/ErrorNotice';
import { FormPanel } from '../../ui/FormPanel';
import { useVersions } from './kb-queries';
import { type Article, STATUS_COLOR, STATUS_TEXT, TYPE_TEXT } from './kb-text';

const dateTime = (iso: string) => new Date(iso).toLocaleString('ru-RU', { dateStyle: 'short', timeStyle: 'short' });

/** One version of an article as it was written; nothing in it is edited. */
function VersionText({ version }: { version: Article }) {
  return (
    <Paper withBorder p="sm" role="region" aria-label={`Версия ${version.version}`}>
      <Stack gap={4}>
        <Title order={5}>{version.title}</Title>
        <Text size="xs" c="dimmed">
          Версия {version.version} · {TYPE_TEXT[version.type]} · {STATUS_TEXT[version.status]} · {dateTime(version.updatedAt)}
          {version.nmIds.length > 0 && ` · товары ${version.nmIds.join(', ')}`}
          {version.tags.length > 0 && ` · метки: ${version.tags.join(', ')}`}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {version.body}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The versions of an article, newest first; any of them opened to read. */
export function ArticleVersions({ mpAccountId, article, onClose }: { mpAccountId: string; article: Article; onClose: () => void }) {
  const versions = useVersions(mpAccountId, article.id);
  const [shown, setShown] = useState<number | null>(null);
  const open = versions.data?.items.find((version) => version.version === shown);
  return (
    <FormPanel title={`Версии статьи «${article.title}»`} onCancel={onClose}>
      <Stack>
        <ErrorNotice error={versions.error} />
        {versions.data && (
          <Table aria-label="Версии статьи">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Версия</Table.Th>
                <Table.Th>Заголовок</Table.Th>
                <Table.Th>Статус</Table.Th>
                <Table.Th>Записана</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {versions.data.items.map((version) => (
                <Table.Tr key={version.version}>
                  <Table.Td>{version.version}</Table.Td>
                  <Table.Td>{version.title}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOR[version.status]} variant="light">
                      {STATUS_TEXT[version.status]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{dateTime(version.updatedAt)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => setShown(version.version)}
                        aria-label={`Открыть версию ${version.version}`}
                      >
                        Открыть
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {open && <VersionText version={open} />}
      </Stack>
    </FormPanel>
  );
}
