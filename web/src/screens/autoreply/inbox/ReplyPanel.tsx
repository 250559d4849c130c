import { Blockquote, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';

import { InboxItem, useReplyAction, useScenarioMatch } from '../../../api/inbox-queries';
import { ErrorNotice } from '../../../ui/ErrorNotice';
import { ScenarioLine } from '../../../ui/ScenarioLine';
import { DraftEditor } from './DraftEditor';
import { HeldReply } from './HeldReply';
import { draftStatusText, isHeld, sourceText } from './inbox-text';
import { isNoScenario, NoScenarioNotice } from './NoScenarioNotice';

/** Spec, States: Reply draft. Preparing, checking and sending an item's reply, its state polled while it is queued. */
export function ReplyPanel({ mpAccountId, item }: { mpAccountId: string; item: InboxItem }) {
  const generate = useReplyAction(mpAccountId, '/autoreply/generate');
  const [matchAsked, setMatchAsked] = useState(false);
  const match = useScenarioMatch(mpAccountId, item.feedbackId, matchAsked);
  const { draft } = item;
  // A skipped item is retried by preparing it again (spec, States: Reply draft).
  const preparable = item.answerText === null && (!draft || draft.status === 'draft' || draft.status === 'error');

  return (
    <Stack gap="xs">
      {draft && (
        <>
          <Group gap="xs" aria-live="polite">
            {draft.status === 'pending' && !isHeld(draft) && <Loader size="xs" aria-label="Публикуется" />}
            <Text size="sm" fw={500} c={draft.status === 'error' ? 'red' : undefined}>
              Ответ: {draftStatusText(draft)}
            </Text>
            <Text size="sm" c="dimmed">
              Источник: {sourceText(draft.source)}
            </Text>
          </Group>
          <ScenarioLine mpAccountId={mpAccountId} scenarioId={draft.scenarioId} prefix="Сценарий" />
          {draft.status === 'draft' ? (
            <DraftEditor key={draft.updatedAt} mpAccountId={mpAccountId} feedbackId={item.feedbackId} draft={draft} />
          ) : isHeld(draft) ? (
            <HeldReply mpAccountId={mpAccountId} feedbackId={item.feedbackId} draft={draft} />
          ) : (
            // A sent reply shows as the marketplace's answer above.
            draft.status !== 'sent' && <Blockquote p="xs">{draft.text}</Blockquote>
          )}
        </>
      )}
      <Group>
        {preparable && (
          <Button
            variant={draft ? 'light' : 'filled'}
            onClick={() => generate.mutate({ feedbackId: item.feedbackId })}
            loading={generate.isPending}
          >
            {draft ? 'Подготовить заново' : 'Подготовить ответ'}
          </Button>
        )}
        {item.answerText === null && (
          <Button variant="subtle" onClick={() => setMatchAsked(true)} loading={match.isFetching}>
            Какой сценарий ответит
          </Button>
        )}
      </Group>
      {match.data && <ScenarioLine mpAccountId={mpAccountId} scenarioId={match.data.id} prefix="Ответит сценарий" />}
      {isNoScenario(generate.error) || isNoScenario(match.error) ? (
        <NoScenarioNotice item={item} />
      ) : (
        <ErrorNotice error={generate.error ?? match.error} />
      )}
    </Stack>
  );
}
