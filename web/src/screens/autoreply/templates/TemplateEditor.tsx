import { Alert, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';

import { useInbox } from '../../../api/inbox-queries';
import { Template, TemplateFields, useSaveTemplate } from '../../../api/reply-queries';
import { ApiForm } from '../../../ui/ApiForm';
import { fieldError } from '../../../ui/field-error';
import { KIND_SCOPE_OPTIONS } from '../../../ui/scenario-text';
import { useStoredForm } from '../../../ui/use-stored-form';
import {
  fillTemplate,
  insertAt,
  PLACEHOLDER_CHIPS,
  shownTemplateText,
  storedTemplateText,
  unknownPlaceholders,
} from './template-placeholders';
import { TemplateTextArea } from './TemplateTextArea';

/** The inbox items offered for the preview: the newest of the account. */
const PREVIEW_ITEMS = 20;

const EMPTY: TemplateFields = { name: '', type: 'both', text: '' };
/** The form holds the text as the editor shows it, its placeholders as tokens; a save stores the placeholders. */
const shownFields = ({ name, type, text }: TemplateFields): TemplateFields => ({ name, type, text: shownTemplateText(text) });
const storedFields = ({ name, type, text }: TemplateFields): TemplateFields => ({ name, type, text: storedTemplateText(text) });

/**
 * A new template or a change of one: placeholders inserted and shown as Russian tokens (stored as the contract's
 * placeholders), unknown ones flagged before saving, a preview on a real item.
 */
export function TemplateEditor({ mpAccountId, template, onDone }: { mpAccountId: string; template: Template | null; onDone: () => void }) {
  const form = useStoredForm({ stored: template && shownFields(template), newValues: EMPTY, fieldsOf: storedFields });
  const fields = form.values;
  const textRef = useRef<HTMLTextAreaElement>(null);
  const save = useSaveTemplate(mpAccountId);
  const inbox = useInbox({ mpAccountId, limit: PREVIEW_ITEMS });
  const [previewId, setPreviewId] = useState<string | null>(null);
  const previewItem = inbox.data?.items.find((item) => item.feedbackId === previewId) ?? inbox.data?.items[0];
  const storedText = storedTemplateText(fields.text);
  const unknown = unknownPlaceholders(storedText);

  const insert = (written: string) => {
    const area = textRef.current;
    const selection = area
      ? { start: area.selectionStart, end: area.selectionEnd }
      : { start: fields.text.length, end: fields.text.length };
    const { text, caret } = insertAt(fields.text, selection, written);
    form.set('text')(text);
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(caret, caret);
    });
  };
  const submit = () => {
    if (unknown.length === 0) save.mutate(form.toSave(template?.id), { onSuccess: onDone });
  };

  return (
    <Paper withBorder p="md">
      <ApiForm
        onSubmit={submit}
        error={save.error}
        pending={save.isPending}
        canSubmit={form.canSave}
        submitLabel={template ? 'Сохранить шаблон' : 'Создать шаблон'}
      >
        <Group align="start">
          <TextInput label="Название шаблона" required {...form.inputProps('name')} error={fieldError(save.error, 'name')} w={320} />
          <Select label="Для чего" data={KIND_SCOPE_OPTIONS} {...form.inputProps('type')} allowDeselect={false} />
        </Group>
        <Group gap="xs" role="group" aria-label="Плейсхолдеры">
          {PLACEHOLDER_CHIPS.map((chip) => (
            <Button
              key={chip.token}
              size="compact-sm"
              variant="light"
              radius="xl"
              onClick={() => insert(chip.token)}
              title={`Вставить ${chip.token}: в ответе его место займёт значение`}
            >
              {chip.label}
            </Button>
          ))}
        </Group>
        <Text size="xs" c="dimmed">
          Метка в квадратных скобках, например [Оценка], — плейсхолдер: в ответе её место займёт значение из отзыва или вопроса.
        </Text>
        <TemplateTextArea
          ref={textRef}
          label="Текст шаблона"
          required
          autosize
          minRows={4}
          {...form.inputProps('text')}
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
              {fillTemplate(storedText, previewItem)}
            </Text>
          )}
        </Stack>
      </ApiForm>
    </Paper>
  );
}
