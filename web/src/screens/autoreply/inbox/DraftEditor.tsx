import { Alert, Button, Group, List, Stack, Text, Textarea } from '@mantine/core';
import { replyCheckFailures } from '@shared/autoreply/check/reply-check-reasons';
import { useState } from 'react';

import { type InboxDraft, useReplyAction } from '../../../api/inbox-queries';
import { ErrorNotice } from '../../../ui/ErrorNotice';

/**
 * The prepared text under the service's pre-publication check, run as the seller types; an edited text is sent with
 * the draft (the service checks it again and publishes it as the seller's own).
 */
export function DraftEditor({ mpAccountId, feedbackId, draft }: { mpAccountId: string; feedbackId: string; draft: InboxDraft }) {
  const [text, setText] = useState(draft.text);
  const send = useReplyAction(mpAccountId, '/autoreply/send');
  const failures = replyCheckFailures(text);
  const edited = text !== draft.text;

  return (
    <Stack gap="xs">
      <Textarea label="Текст ответа" autosize minRows={3} value={text} onChange={(e) => setText(e.currentTarget.value)} />
      {failures.length > 0 ? (
        <Alert color="orange" title="Проверка перед публикацией не пропустит ответ">
          <List size="sm">
            {failures.map((failure) => (
              <List.Item key={failure.rule}>{failure.message}</List.Item>
            ))}
          </List>
        </Alert>
      ) : (
        <Text size="sm" c="green">
          Проверка перед публикацией пройдена
        </Text>
      )}
      {edited && (
        <Group>
          <Text size="sm" c="dimmed">
            Текст исправлен: будет опубликован исправленный текст.
          </Text>
          <Button size="xs" variant="light" onClick={() => setText(draft.text)}>
            Вернуть подготовленный текст
          </Button>
        </Group>
      )}
      <Button
        w="fit-content"
        onClick={() => send.mutate({ feedbackId, text: edited ? text : undefined })}
        loading={send.isPending}
        disabled={failures.length > 0}
      >
        Отправить
      </Button>
      <ErrorNotice error={send.error} />
    </Stack>
  );
}
