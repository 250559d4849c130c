import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';

import { unknownNmIds } from '../../api/cost-queries';
import { ApiForm } from '../../ui/ApiForm';
import { NEW_PLAN, planErrors, planFieldsOf, type PlanValues, planValuesOf, typedNmIds } from './item-plan';
import { PlanFields } from './PlanFields';
import { type RnpItem, useAddItems, useUpdateItem } from './rnp-queries';

/** SKUs typed at once, all with the same plan; all of them are added or none. */
export function AddItemsForm({ mpAccountId, listId }: { mpAccountId: string; listId: string }) {
  const [typed, setTyped] = useState('');
  const [added, setAdded] = useState<number | null>(null);
  const form = useForm<PlanValues>({ mode: 'controlled', initialValues: NEW_PLAN, validate: planErrors });
  const add = useAddItems(mpAccountId, listId);
  const { nmIds, wrong } = typedNmIds(typed);
  const unknown = unknownNmIds(add.error);
  const submit = form.onSubmit((values) => {
    setAdded(null);
    add.mutate(
      nmIds.map((nmId) => ({ nmId, ...planFieldsOf(values) })),
      {
        onSuccess: ({ saved }) => {
          setAdded(saved);
          setTyped('');
        },
      },
    );
  });
  return (
    <ApiForm
      onSubmit={() => submit()}
      error={add.error}
      pending={add.isPending}
      submitLabel="Добавить товары"
      canSubmit={nmIds.length > 0 && wrong.length === 0}
      success={added !== null && `Добавлено или обновлено товаров: ${added}`}
    >
      <Textarea
        label="nmID товаров"
        description="Через пробел, запятую или с новой строки; товар, который уже в списке, получит новый план"
        autosize
        minRows={2}
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        error={wrong.length ? `Не nmID: ${wrong.join(', ')}` : undefined}
      />
      {unknown.length > 0 && <Text c="red.8">Нет в каталоге кабинета: {unknown.join(', ')}</Text>}
      <PlanFields form={form} error={add.error} errorPath="items.0." />
    </ApiForm>
  );
}

/** An item's plan changed in a window; its nmID stays. */
export function EditItemModal({ mpAccountId, item, onClose }: { mpAccountId: string; item: RnpItem; onClose: () => void }) {
  const form = useForm<PlanValues>({ mode: 'controlled', initialValues: planValuesOf(item), validate: planErrors });
  const update = useUpdateItem(mpAccountId, item.listId);
  const submit = form.onSubmit((values) => update.mutate({ itemId: item.id, fields: planFieldsOf(values) }, { onSuccess: onClose }));
  return (
    <Modal opened onClose={onClose} title={`План товара ${item.nmId}`} size="lg">
      <ApiForm onSubmit={() => submit()} error={update.error} pending={update.isPending} submitLabel="Сохранить план">
        <Stack>
          <PlanFields form={form} error={update.error} />
        </Stack>
      </ApiForm>
    </Modal>
  );
}
