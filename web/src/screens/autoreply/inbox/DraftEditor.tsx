import { Alert, Button, Group, List, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { replyCheckFailures } from '@shared/autoreply/check/reply-check-reasons';

import { type InboxDraft, useReplyAction } from '../../../api/inbox-queries';
import { ErrorNotice } from '../../../ui/ErrorNotice';
import { draftFormErrors, type DraftValues, editedText } from './draft-form';

/**
 * The prepared text under the service's pre-publication check, run as the seller types; an edited text is sent with
 * the draft (the service checks it again and publishes it as the seller's own).
 */
export function DraftEditor({ mpAccountId, feedbackId, draft }: { mpAccountId: string; feedbackId: string; draft: InboxDraft }) {
  const form = useForm<DraftValues, string | undefined>({
    mode: 'controlled',
    initialValues: { text: draft.text },
    validate: draftFormErrors,
    transformValues: (values) => editedText(draft.text, values),
  });
  const send = useReplyAction(mpAccountId, '/autoreply/send');
  const failures = replyCheckFailures(form.values.text);
  const edited = form.getTransformedValues() !== undefined;

  return (
    <form onSubmit={form.onSubmit((text) => send.mutate({ feedbackId, text }))}>
      <Stack gap="xs">
        <Textarea label="Текст ответа" autosize minRows={3} {...form.getInputProps('text', { withError: false })} />
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
            <Button size="xs" variant="light" onClick={() => form.reset()}>
              Вернуть подготовленный текст
            </Button>
          </Group>
        )}
        <Button type="submit" w="fit-content" loading={send.isPending} disabled={failures.length > 0}>
          Отправить
        </Button>
        <ErrorNotice error={send.error} />
      </Stack>
    </form>
  );
}
