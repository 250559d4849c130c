import { Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';

import { useJobStatus } from '../../api/use-job-status';
import { JobProgress } from '../../ui/JobProgress';
import { contentJobResult } from './content-job';
import { contentChanged } from './content-queries';

/** A job preparing texts: its progress, then the drafts it made, each one opened from here. */
export function ContentJob({ mpAccountId, jobId, onOpenDraft }: { mpAccountId: string; jobId: string; onOpenDraft: (id: string) => void }) {
  const queryClient = useQueryClient();
  const job = useJobStatus('/content/jobs/{jobId}', jobId, { onFinished: () => contentChanged(queryClient, mpAccountId) });
  const result = contentJobResult(job.data);
  return (
    <JobProgress job={job.data} title="Подготовка текстов" busyLabel="Готовим тексты">
      {result && (
        <Group gap="xs">
          {result.drafts.map((draft) => (
            <Button key={draft.draftId} size="xs" variant="light" onClick={() => onOpenDraft(draft.draftId)}>
              Перейти к черновику {draft.nmId}
            </Button>
          ))}
          {result.missing.length > 0 && (
            <Text size="sm" c="orange.8">
              Нет на маркетплейсе: {result.missing.join(', ')}
            </Text>
          )}
        </Group>
      )}
    </JobProgress>
  );
}
