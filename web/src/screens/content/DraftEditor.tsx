import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';

import { ErrorNotice } from '../../ui/ErrorNotice';
import { type Draft, useEditDraft } from './content-queries';
import { TITLE_MAX } from './content-text';
import { editFieldsOf, proposedPatch } from './draft-edit';

/** The proposed texts, edited by the seller; saving scores them again. */
export function DraftEditor({ mpAccountId, draft }: { mpAccountId: string; draft: Draft }) {
  const [fields, setFields] = useState(() => editFieldsOf(draft.proposed));
  const edit = useEditDraft(mpAccountId, draft.id);
  const patch = proposedPatch(draft.proposed, fields);
  const editable = draft.status === 'draft';
  return (
    <Stack gap="xs">
      <TextInput
        label="Предлагаемое название"
        description={`${fields.title.length} / ${TITLE_MAX}`}
        error={fields.title.length > TITLE_MAX ? `Не длиннее ${TITLE_MAX} символов` : undefined}
        value={fields.title}
        disabled={!editable}
        onChange={(event) => setFields({ ...fields, title: event.currentTarget.value })}
      />
      <Textarea
        label="Предлагаемое описание"
        autosize
        minRows={4}
        maxRows={12}
        value={fields.description}
        disabled={!editable}
        onChange={(event) => setFields({ ...fields, description: event.currentTarget.value })}
      />
      {draft.proposed.characteristics.map((characteristic, index) => (
        <TextInput
          key={characteristic.id}
          label={characteristic.name ?? `Характеристика ${characteristic.id}`}
          value={fields.characteristics[index]}
          disabled={!editable}
          onChange={(event) => {
            const characteristics = [...fields.characteristics];
            characteristics[index] = event.currentTarget.value;
            setFields({ ...fields, characteristics });
          }}
        />
      ))}
      <ErrorNotice error={edit.error} />
      {editable && (
        <Group>
          <Button variant="light" disabled={Object.keys(patch).length === 0} loading={edit.isPending} onClick={() => edit.mutate(patch)}>
            Сохранить правки
          </Button>
        </Group>
      )}
    </Stack>
  );
}
