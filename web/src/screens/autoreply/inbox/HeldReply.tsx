import { Blockquote, Button, Group, Stack, Text } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { dateTime } from '@shared/format';
import { useState } from 'react';

import { type InboxDraft, useCancelHeldReply, useReplyAction } from '../../../api/inbox-queries';
import { ErrorNotice } from '../../../ui/ErrorNotice';
import { countdownText } from './countdown';
import { DraftEditor } from './DraftEditor';

const TICK_MS = 1000;

/** The time left until the held reply's publication, counted down every second. */
function Countdown({ at }: { at: string }) {
  const [now, setNow] = useState(Date.now);
  useInterval(() => setNow(Date.now()), TICK_MS, { autoInvoke: true });
  return (
    <Text size="sm" aria-label="До публикации">
      До публикации: {countdownText(at, now)}
    </Text>
  );
}

/**
 * A reply an auto scenario holds before publishing it: its time of publication counted down, its text, and the seller's
 * last word on it. «Отменить» makes it a draft again, published only when sent; «Изменить» opens the editor, whose send
 * publishes the edited text at once; «Отправить сейчас» publishes it without waiting.
 */
export function HeldReply({ mpAccountId, feedbackId, draft }: { mpAccountId: string; feedbackId: string; draft: InboxDraft }) {
  const cancel = useCancelHeldReply(mpAccountId);
  const send = useReplyAction(mpAccountId, '/autoreply/send');
  const [editing, setEditing] = useState(false);
  const busy = cancel.isPending || send.isPending;
  const at = draft.scheduledAt!;

  return (
    <Stack gap="xs">
      <Countdown at={at} />
      {editing ? (
        <>
          <Text size="sm" c="dimmed">
            Исправленный ответ публикуется сразу после отправки; если его не отправить, в {dateTime(at)} будет опубликован подготовленный
            текст.
          </Text>
          <DraftEditor mpAccountId={mpAccountId} feedbackId={feedbackId} draft={draft} />
        </>
      ) : (
        <Blockquote p="xs">{draft.text}</Blockquote>
      )}
      <Group>
        <Button variant="light" color="red" onClick={() => cancel.mutate(draft.id)} loading={cancel.isPending} disabled={busy}>
          Отменить
        </Button>
        {editing ? (
          <Button variant="subtle" onClick={() => setEditing(false)} disabled={busy}>
            Закрыть редактор
          </Button>
        ) : (
          <>
            <Button variant="light" onClick={() => setEditing(true)} disabled={busy}>
              Изменить
            </Button>
            <Button variant="light" onClick={() => send.mutate({ feedbackId })} loading={send.isPending} disabled={busy}>
              Отправить сейчас
            </Button>
          </>
        )}
      </Group>
      <ErrorNotice error={cancel.error ?? send.error} />
    </Stack>
  );
}
