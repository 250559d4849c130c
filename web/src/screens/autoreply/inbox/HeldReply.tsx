import { Blockquote, Button, Group, Stack } from '@mantine/core';

import { type InboxDraft, useCancelHeldReply, useReplyAction } from '../../../api/inbox-queries';
import { ErrorNotice } from '../../../ui/ErrorNotice';

/**
 * A reply an auto scenario holds before publishing it: its text, and the seller's last word on it. «Отменить» makes it
 * a draft again, published only when sent; «Отправить сейчас» publishes it without waiting.
 */
export function HeldReply({ mpAccountId, feedbackId, draft }: { mpAccountId: string; feedbackId: string; draft: InboxDraft }) {
  const cancel = useCancelHeldReply(mpAccountId);
  const send = useReplyAction(mpAccountId, '/autoreply/send');
  const busy = cancel.isPending || send.isPending;

  return (
    <Stack gap="xs">
      <Blockquote p="xs">{draft.text}</Blockquote>
      <Group>
        <Button variant="light" color="red" onClick={() => cancel.mutate(draft.id)} loading={cancel.isPending} disabled={busy}>
          Отменить
        </Button>
        <Button variant="light" onClick={() => send.mutate({ feedbackId })} loading={send.isPending} disabled={busy}>
          Отправить сейчас
        </Button>
      </Group>
      <ErrorNotice error={cancel.error ?? send.error} />
    </Stack>
  );
}
