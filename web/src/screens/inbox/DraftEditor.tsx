import { Alert, Button, Group, List, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';

import { ErrorNotice } from '../../ui/ErrorNotice';
import { useReplyAction } from './inbox-queries';
import type { InboxDraft } from './inbox-text';
import { replyBlockReasons } from './reply-check-reasons';

/**
 * The prepared text under the service's pre-publication check, run as the seller types. The send route publishes the
 * prepared text only, so an edited text is checked but must be put back before sending.
 */
export function DraftEditor({ mpAccountId, feedbackId, draft }: { mpAccountId: string; feedbackId: string; draft: InboxDraft }) {
  const [text, setText] = useState(draft.text);
  const send = useReplyAction(mpAccountId, '/autoreply/send');
  const reasons = replyBlockReasons(text);
  const edited = text !== draft.text;

  return (
    <Stack gap="xs">
      <Textarea label="Текст ответа" autosize minRows={3} value={text} onChange={(e) => setText(e.currentTarget.value)} />
      {reasons.length > 0 ? (
        <Alert color="orange" title="Проверка перед публикацией не пропустит ответ">
          <List size="sm">
            {reasons.map((reason) => (
              <List.Item key={reason}>{reason}</List.Item>
            ))}
          </List>
        </Alert>
      ) : (
        <Text size="sm" c="green">
          Проверка перед публикацией пройдена
        </Text>
      )}
      {edited && (
        <Alert color="yellow" title="Отправляется подготовленный текст">
          <Group justify="space-between">
            <Text size="sm">
              Сервис публикует текст, подготовленный по сценарию. Чтобы ответ был другим, измените шаблон и подготовьте ответ заново.
            </Text>
            <Button size="xs" variant="light" onClick={() => setText(draft.text)}>
              Вернуть подготовленный текст
            </Button>
          </Group>
        </Alert>
      )}
      <Button w="fit-content" onClick={() => send.mutate(feedbackId)} loading={send.isPending} disabled={edited || reasons.length > 0}>
        Отправить
      </Button>
      <ErrorNotice error={send.error} />
    </Stack>
  );
}
