import { Alert, Badge, Grid, Group, Stack, Text, Title } from '@mantine/core';

import { ErrorNotice } from '../../ui/ErrorNotice';
import { FormPanel } from '../../ui/FormPanel';
import { useDraft } from './content-queries';
import { scoreChange, STATUS_COLOR, STATUS_TEXT } from './content-text';
import { DraftActions } from './DraftActions';
import { DraftDiff } from './DraftDiff';
import { DraftEditor } from './DraftEditor';
import { DraftIssues, DraftKeywords, DraftSources } from './DraftFacts';

/** One draft: what it changes, its score, issues and sources, the seller's edits and its approval. */
export function DraftView({
  mpAccountId,
  id,
  onOpen,
  onClose,
}: {
  mpAccountId: string;
  id: string;
  onOpen: (id: string) => void;
  onClose: () => void;
}) {
  const draft = useDraft(mpAccountId, id);
  if (!draft.data) return <ErrorNotice error={draft.error} />;
  const shown = draft.data;
  return (
    <FormPanel title={`Черновик карточки ${shown.nmId}`} onCancel={onClose}>
      <Stack>
        <Group>
          <Badge color={STATUS_COLOR[shown.status]} variant="light" size="lg" aria-label="Состояние черновика">
            {STATUS_TEXT[shown.status]}
          </Badge>
          <Text fw={600} aria-label="Оценка">
            Оценка: {scoreChange(shown.scoreBefore, shown.scoreAfter)}
          </Text>
        </Group>
        {shown.note && (
          <Alert color="orange" title="Черновик вернулся на доработку">
            {shown.note}
          </Alert>
        )}
        {shown.mpError && (
          <Alert color="red" title="Маркетплейс отклонил тексты">
            {shown.mpError}
          </Alert>
        )}
        <DraftDiff draft={shown} />
        <Grid>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack>
              <Title order={5}>Правка предложенных текстов</Title>
              <DraftEditor key={shown.updatedAt} mpAccountId={mpAccountId} draft={shown} />
              <DraftActions mpAccountId={mpAccountId} draft={shown} onOpenDraft={onOpen} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack>
              <DraftIssues draft={shown} />
              <DraftKeywords draft={shown} />
              <DraftSources draft={shown} />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </FormPanel>
  );
}
