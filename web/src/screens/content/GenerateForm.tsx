import { Button, Checkbox, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';

import { ErrorNotice } from '../../ui/ErrorNotice';
import { FormPanel } from '../../ui/FormPanel';
import { type ContentField, useGenerate } from './content-queries';
import { FIELD_TEXT } from './content-text';
import { ContentJob } from './ContentJob';

const FIELDS: ContentField[] = ['title', 'description', 'characteristics'];

/** What to rewrite in the chosen cards and the seller's notes for the AI; then the job's progress. */
export function GenerateForm({
  mpAccountId,
  nmIds,
  onOpenDraft,
  onClose,
}: {
  mpAccountId: string;
  nmIds: number[];
  onOpenDraft: (id: string) => void;
  onClose: () => void;
}) {
  const [fields, setFields] = useState<ContentField[]>(FIELDS);
  const [notes, setNotes] = useState('');
  const generate = useGenerate(mpAccountId);
  return (
    <FormPanel title="Подготовить тексты карточек" onCancel={onClose}>
      <Stack>
        <Text size="sm">Карточки: {nmIds.join(', ')}</Text>
        <Checkbox.Group label="Что переписать" value={fields} onChange={(value) => setFields(value as ContentField[])}>
          <Group mt="xs">
            {FIELDS.map((field) => (
              <Checkbox key={field} value={field} label={FIELD_TEXT[field]} />
            ))}
          </Group>
        </Checkbox.Group>
        <Textarea label="Пожелания для ИИ" autosize minRows={2} value={notes} onChange={(event) => setNotes(event.currentTarget.value)} />
        <ErrorNotice error={generate.error} />
        <Group>
          <Button
            disabled={fields.length === 0}
            loading={generate.isPending}
            onClick={() => generate.mutate({ nmIds, fields, notes: notes.trim() })}
          >
            Запустить подготовку
          </Button>
        </Group>
        {generate.data && <ContentJob mpAccountId={mpAccountId} jobId={generate.data.jobId} onOpenDraft={onOpenDraft} />}
      </Stack>
    </FormPanel>
  );
}
