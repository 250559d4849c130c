import { Modal, PasswordInput } from '@mantine/core';
import { useForm } from '@mantine/form';

import { ApiForm } from '../../ui/ApiForm';
import { fieldError } from '../../ui/field-error';
import { changeKey, useAccountChange } from './account-mutations';

export function KeyChangeModal({ mpAccountId, onClose }: { mpAccountId: string; onClose: () => void }) {
  const form = useForm({ mode: 'controlled', initialValues: { apiKey: '' } });
  const change = useAccountChange(changeKey);
  return (
    <Modal opened onClose={onClose} title="Новый ключ API">
      <ApiForm
        onSubmit={() => change.mutate({ id: mpAccountId, ...form.values }, { onSuccess: onClose })}
        error={change.error}
        pending={change.isPending}
        submitLabel="Заменить ключ"
      >
        <PasswordInput
          label="Новый ключ"
          required
          autoComplete="off"
          {...form.getInputProps('apiKey')}
          error={fieldError(change.error, 'apiKey')}
        />
      </ApiForm>
    </Modal>
  );
}
