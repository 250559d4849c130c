import { Modal, PasswordInput } from '@mantine/core';
import { useForm } from '@mantine/form';

import { ApiForm } from '../../ui/ApiForm';
import { changeKey, useAccountChange } from './account-mutations';
import { API_KEY_FORMAT, apiKeyError } from './api-key-field';

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
          description={API_KEY_FORMAT}
          required
          autoComplete="off"
          {...form.getInputProps('apiKey')}
          error={apiKeyError(change.error)}
        />
      </ApiForm>
    </Modal>
  );
}
