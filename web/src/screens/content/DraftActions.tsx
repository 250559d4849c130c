import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';

import { ApiError } from '../../api/api-error';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { type Draft, useApproveDraft, useRegenerate } from './content-queries';
import { approveBlock } from './content-text';
import { ContentJob } from './ContentJob';

/** The card changed on the marketplace since the draft was made: the seller's words for the approval's 409. */
const CHANGED_ON_MARKETPLACE = 'Карточка изменилась на маркетплейсе: подготовьте тексты заново';

/** Approving the draft (or why it cannot be), and preparing its texts again with the seller's notes. */
export function DraftActions({
  mpAccountId,
  draft,
  onOpenDraft,
}: {
  mpAccountId: string;
  draft: Draft;
  onOpenDraft: (id: string) => void;
}) {
  const approve = useApproveDraft(mpAccountId, draft.id);
  const regenerate = useRegenerate(draft.id);
  const [notes, setNotes] = useState('');
  const blocked = approveBlock(draft);
  const conflict = approve.error instanceof ApiError && approve.error.status === 409 ? approve.error : null;
  return (
    <Stack gap="sm">
      <Group align="center">
        <Button color="green" disabled={blocked !== null} loading={approve.isPending} onClick={() => approve.mutate()}>
          Одобрить
        </Button>
        {blocked && (
          <Text size="sm" c="dimmed" role="note">
            {blocked}
          </Text>
        )}
      </Group>
      {conflict ? (
        <Alert color="red" role="alert" title={CHANGED_ON_MARKETPLACE}>
          {conflict.message}
        </Alert>
      ) : (
        <ErrorNotice error={approve.error} />
      )}
      <Textarea
        label="Пожелания к новой версии"
        autosize
        minRows={2}
        value={notes}
        onChange={(event) => setNotes(event.currentTarget.value)}
      />
      <Group>
        <Button variant="light" loading={regenerate.isPending} onClick={() => regenerate.mutate(notes.trim())}>
          Перегенерировать
        </Button>
      </Group>
      <ErrorNotice error={regenerate.error} />
      {regenerate.data && <ContentJob mpAccountId={mpAccountId} jobId={regenerate.data.jobId} onOpenDraft={onOpenDraft} />}
    </Stack>
  );
}
