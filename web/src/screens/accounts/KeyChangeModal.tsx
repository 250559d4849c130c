import { Modal, PasswordInput } from '@mantine/core';
import { useState } from 'react';

import { ApiForm } from '../../ui/ApiForm';
import { fieldError } from '../../ui/field-error';
import { changeKey, useAccountChange } from './account-mutations';

export function KeyChangeModal({ mpAccountId, onClose }: { mpAccountId: string; onClose: () => void }) {
  const [apiKey, setApiKey] = useState('');
  const change = useAccountChange(changeKey);
  return (
    <Modal opened onClose={onClose} title="Новый ключ API">
      <ApiForm
        onSubmit={() => change.mutate({ id: mpAccountId, apiKey }, { onSuccess: onClose })}
        error={change.error}
        pending={change.isPending}
        submitLabel="Заменить ключ"
      >
        <PasswordInput
          label="Новый ключ"
          required
          autoComplete="off"
          value={apiKey}
          onChange={(e) => setApiKey(e.currentTarget.value)}
          error={fieldError(change.error, 'apiKey')}
        />
      </ApiForm>
    </Modal>
  );
}
