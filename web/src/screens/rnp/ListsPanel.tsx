import { Button, Group, Select, TextInput } from '@mantine/core';
import { useState } from 'react';

import { ErrorNotice } from '../../ui/ErrorNotice';
import { fieldError } from '../../ui/field-error';
import { type RnpList, useCreateList, useDeleteList, useRenameList } from './rnp-queries';

/** A list's name typed for a new list or a rename, sent with Enter or the button. */
function ListNameForm({
  label,
  initial,
  submitLabel,
  save,
  onCancel,
}: {
  label: string;
  initial: string;
  submitLabel: string;
  /** The mutation that saves the name. */
  save: { mutate: (name: string) => void; isPending: boolean; error: Error | null };
  onCancel: () => void;
}) {
  const [name, setName] = useState(initial);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(name);
      }}
    >
      <Group align="flex-end">
        <TextInput
          label={label}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={fieldError(save.error, 'name')}
        />
        <Button type="submit" loading={save.isPending}>
          {submitLabel}
        </Button>
        <Button variant="subtle" onClick={onCancel}>
          Отмена
        </Button>
      </Group>
    </form>
  );
}

type Editing = 'new' | 'rename' | 'delete' | null;

/** The cabinet's lists to choose from, and a new list, a rename or a deletion (asked twice) of the chosen one. */
export function ListsPanel({
  mpAccountId,
  lists,
  list,
  onSelect,
}: {
  mpAccountId: string;
  lists: RnpList[];
  list: RnpList | undefined;
  onSelect: (id: string) => void;
}) {
  const [editing, setEditing] = useState<Editing>(null);
  const create = useCreateList(mpAccountId);
  const rename = useRenameList(mpAccountId);
  const remove = useDeleteList(mpAccountId);
  const close = () => setEditing(null);
  return (
    <>
      <Group align="flex-end">
        {lists.length > 0 && (
          <Select
            label="Список товаров"
            data={lists.map((each) => ({ value: each.id, label: `${each.name} (${each.itemsCount})` }))}
            value={list?.id ?? null}
            onChange={(id) => id && onSelect(id)}
            allowDeselect={false}
            w={320}
          />
        )}
        <Button variant="light" onClick={() => setEditing('new')}>
          Новый список
        </Button>
        {list && (
          <>
            <Button variant="default" onClick={() => setEditing('rename')}>
              Переименовать
            </Button>
            {editing === 'delete' ? (
              <Button color="red" loading={remove.isPending} onClick={() => remove.mutate(list.id, { onSuccess: close })}>
                Точно удалить «{list.name}» с его товарами
              </Button>
            ) : (
              <Button variant="subtle" color="red" onClick={() => setEditing('delete')}>
                Удалить список
              </Button>
            )}
          </>
        )}
      </Group>
      <ErrorNotice error={remove.error} />
      {editing === 'new' && (
        <ListNameForm
          label="Название нового списка"
          initial=""
          submitLabel="Создать список"
          save={{
            ...create,
            mutate: (name) =>
              create.mutate(name, {
                onSuccess: (created) => {
                  onSelect(created.id);
                  close();
                },
              }),
          }}
          onCancel={close}
        />
      )}
      {editing === 'rename' && list && (
        <ListNameForm
          key={list.id}
          label="Новое название списка"
          initial={list.name}
          submitLabel="Сохранить название"
          save={{ ...rename, mutate: (name) => rename.mutate({ id: list.id, name }, { onSuccess: close }) }}
          onCancel={close}
        />
      )}
    </>
  );
}
