import { Alert, Button, Group, Paper, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';

import { ApiForm } from '../../ui/ApiForm';
import { fieldError } from '../../ui/field-error';
import { useInbox } from '../inbox/inbox-queries';
import { useSaveTemplate } from './reply-queries';
import { KIND_SCOPE_OPTIONS, Template } from './scenario-text';
import { fillTemplate, insertAt, PLACEHOLDER_CHIPS, unknownPlaceholders } from './template-placeholders';

/** The inbox items offered for the preview: the newest of the account. */
const PREVIEW_ITEMS = 20;

const EMPTY: Pick<Template, 'name' | 'type' | 'text'> = { name: '', type: 'both', text: '' };

/** A new template or a change of one: placeholders as chips, unknown ones flagged before saving, a preview on a real item. */
export function TemplateEditor({ mpAccountId, template, onDone }: { mpAccountId: string; template: Template | null; onDone: () => void }) {
  const [fields, setFields] = useState(template ? { name: template.name, type: template.type, text: template.text } : EMPTY);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const save = useSaveTemplate(mpAccountId);
  const inbox = useInbox({ mpAccountId, limit: PREVIEW_ITEMS });
  const [previewId, setPreviewId] = useState<string | null>(null);
  const previewItem = inbox.data?.items.find((item) => item.feedbackId === previewId) ?? inbox.data?.items[0];
  const unknown = unknownPlaceholders(fields.text);

  const insert = (written: string) => {
    const area = textRef.current;
    const selection = area
      ? { start: area.selectionStart, end: area.selectionEnd }
      : { start: fields.text.length, end: fields.text.length };
    const { text, caret } = insertAt(fields.text, selection, written);
    setFields({ ...fields, text });
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(caret, caret);
    });
  };
  const submit = () => {
    if (unknown.length === 0) save.mutate({ id: template?.id, fields }, { onSuccess: onDone });
  };

  return (
    <Paper withBorder p="md">
      <ApiForm onSubmit={submit} error={save.error} pending={save.isPending} submitLabel={template ? 'Сохранить шаблон' : 'Создать шаблон'}>
        <Group align="start">
          <TextInput
            label="Название шаблона"
            required
            value={fields.name}
            onChange={(e) => setFields({ ...fields, name: e.currentTarget.value })}
            error={fieldError(save.error, 'name')}
            w={320}
          />
          <Select
            label="Для чего"
            data={KIND_SCOPE_OPTIONS}
            value={fields.type}
            onChange={(type) => type && setFields({ ...fields, type: type as Template['type'] })}
            allowDeselect={false}
          />
        </Group>
        <Group gap="xs" role="group" aria-label="Плейсхолдеры">
          {PLACEHOLDER_CHIPS.map((chip) => (
            <Button
              key={chip.written}
              size="compact-sm"
              variant="light"
              radius="xl"
              onClick={() => insert(chip.written)}
              title={chip.written}
            >
              {chip.label}
            </Button>
          ))}
        </Group>
        <Textarea
          ref={textRef}
          label="Текст шаблона"
          required
          autosize
          minRows={4}
          value={fields.text}
          onChange={(e) => setFields({ ...fields, text: e.currentTarget.value })}
          error={fieldError(save.error, 'text')}
        />
        {unknown.length > 0 && (
          <Alert color="red" title="Неизвестные плейсхолдеры: сервис не сохранит такой шаблон">
            {unknown.join(', ')}
          </Alert>
        )}
        <Stack gap={4}>
          <Select
            label="Предпросмотр на отзыве или вопросе"
            placeholder={inbox.data?.items.length === 0 ? 'Во входящих пока пусто' : undefined}
            data={(inbox.data?.items ?? []).map((item) => ({
              value: item.feedbackId,
              label: `${item.productName}: ${item.text.slice(0, 60)}`,
            }))}
            value={previewItem?.feedbackId ?? null}
            onChange={setPreviewId}
            allowDeselect={false}
          />
          {previewItem && (
            <Text size="sm" aria-label="Предпросмотр ответа" style={{ whiteSpace: 'pre-wrap' }}>
              {fillTemplate(fields.text, previewItem)}
            </Text>
          )}
        </Stack>
      </ApiForm>
    </Paper>
  );
}
