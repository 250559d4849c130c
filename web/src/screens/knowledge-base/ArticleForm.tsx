import { Button, Group, NativeSelect, Stack, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { number } from '@shared/format';
import { useState } from 'react';

import { catalogQueries } from '../../api/catalog-queries';
import { changedFields } from '../../ui/changed-fields';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { FormPanel } from '../../ui/FormPanel';
import { SearchSelect } from '../../ui/SearchSelect';
import { useSaveArticle } from './kb-queries';
import { type Article, type ArticleStatus, type ArticleType, BODY_MAX, parseNmIds, STATUS_OPTIONS, TYPE_OPTIONS } from './kb-text';

interface ArticleFields {
  type: ArticleType;
  brandId: string | null;
  nmIds: string;
  title: string;
  body: string;
  tags: string[];
  status: ArticleStatus;
}

const fieldsOf = (article: Article | null): ArticleFields => ({
  type: article?.type ?? 'product_fact',
  brandId: article?.brandId ?? null,
  nmIds: article?.nmIds.join(', ') ?? '',
  title: article?.title ?? '',
  body: article?.body ?? '',
  tags: article?.tags ?? [],
  status: article?.status ?? 'draft',
});

/** The stored version's fields as the form sends them. */
const storedOf = (article: Article) => ({
  type: article.type,
  brandId: article.brandId,
  nmIds: article.nmIds,
  title: article.title,
  body: article.body,
  tags: article.tags,
  status: article.status,
});

/** A new article, or the change of one (every change is its next version). */
export function ArticleForm({
  mpAccountId,
  editing,
  brandName,
  onDone,
}: {
  mpAccountId: string;
  editing: Article | null;
  brandName: (id: string) => string | undefined;
  onDone: () => void;
}) {
  const [fields, setFields] = useState(() => fieldsOf(editing));
  const save = useSaveArticle(mpAccountId);
  const nmIds = parseNmIds(fields.nmIds);
  const tooLong = fields.body.length > BODY_MAX;
  const set = <K extends keyof ArticleFields>(key: K, value: ArticleFields[K]) => setFields((was) => ({ ...was, [key]: value }));
  const entered = {
    type: fields.type,
    brandId: fields.brandId,
    nmIds: nmIds ?? [],
    title: fields.title.trim(),
    body: fields.body,
    tags: fields.tags,
    status: fields.status,
  };
  // A change sends only the fields that differ from the stored version.
  const changes = editing && changedFields(storedOf(editing), entered);
  const ready =
    nmIds !== null &&
    !tooLong &&
    fields.title.trim() !== '' &&
    fields.body.trim() !== '' &&
    (changes === null || Object.keys(changes).length > 0);
  const submit = () => {
    const done = { onSuccess: onDone };
    if (editing) save.mutate({ id: editing.id, fields: changes ?? {} }, done);
    else {
      const { brandId, ...common } = entered;
      save.mutate({ id: null, fields: { ...common, ...(brandId && { brandId }) } }, done);
    }
  };
  const storedBrand = editing?.brandId ? { value: editing.brandId, label: brandName(editing.brandId) ?? 'Бренд' } : null;
  return (
    <FormPanel title={editing ? `Статья «${editing.title}», версия ${editing.version}` : 'Новая статья'} onCancel={onDone}>
      <Stack gap="sm">
        <Group grow align="start">
          <NativeSelect
            label="Тип статьи"
            data={TYPE_OPTIONS}
            value={fields.type}
            onChange={(event) => set('type', event.currentTarget.value as ArticleType)}
          />
          <SearchSelect
            label="Бренд статьи"
            placeholder="Весь кабинет"
            clearable
            options={(search) => catalogQueries.brandChoices(mpAccountId, search)}
            storedOption={storedBrand}
            value={fields.brandId}
            onChange={(value) => set('brandId', value)}
          />
          <NativeSelect
            label="Статус статьи"
            data={STATUS_OPTIONS}
            value={fields.status}
            onChange={(event) => set('status', event.currentTarget.value as ArticleStatus)}
          />
        </Group>
        <TextInput
          label="Товары (nmID)"
          description="Через запятую; пусто — все товары бренда или кабинета"
          value={fields.nmIds}
          error={nmIds === null ? 'Только номера nmID через запятую' : undefined}
          onChange={(event) => set('nmIds', event.currentTarget.value)}
        />
        <TextInput label="Заголовок" required value={fields.title} onChange={(event) => set('title', event.currentTarget.value)} />
        <Textarea
          label="Текст (Markdown)"
          required
          autosize
          minRows={6}
          maxRows={20}
          value={fields.body}
          error={tooLong ? `Не длиннее ${number(BODY_MAX)} символов` : undefined}
          onChange={(event) => set('body', event.currentTarget.value)}
        />
        <Text size="xs" c={tooLong ? 'red' : 'dimmed'} aria-label="Символов в тексте">
          {number(fields.body.length)} / {number(BODY_MAX)}
        </Text>
        <TagsInput label="Метки" placeholder="Метка и Enter" value={fields.tags} onChange={(tags) => set('tags', tags)} />
        <ErrorNotice error={save.error} />
        <Group>
          <Button disabled={!ready} loading={save.isPending} onClick={submit}>
            {editing ? 'Сохранить новую версию' : 'Создать статью'}
          </Button>
        </Group>
      </Stack>
    </FormPanel>
  );
}
