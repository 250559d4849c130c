import { Group, Paper, PasswordInput, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';

import { selectAccount } from '../../layout/current-account';
import { ApiForm } from '../../ui/ApiForm';
import { fieldError } from '../../ui/field-error';
import { connectAccount, useAccountChange } from './account-mutations';
import { API_KEY_FORMAT, apiKeyError } from './api-key-field';

/** Name and marketplace key; the key is sent once and the form forgets it, the service shows only its last 4. */
export function ConnectAccountForm() {
  const form = useForm({ mode: 'controlled', initialValues: { name: '', apiKey: '' } });
  const connect = useAccountChange(connectAccount);
  const submit = () =>
    connect.mutate(form.values, {
      onSuccess: (account) => {
        form.reset();
        selectAccount(account.id);
      },
    });
  return (
    <Paper withBorder p="md">
      <Title order={4} mb="sm">
        Подключить кабинет
      </Title>
      <ApiForm onSubmit={submit} error={connect.error} pending={connect.isPending} submitLabel="Подключить">
        <Group align="flex-start" grow>
          <TextInput label="Название" required {...form.getInputProps('name')} error={fieldError(connect.error, 'name')} />
          <PasswordInput
            label="Ключ API маркетплейса"
            description={`${API_KEY_FORMAT}. После сохранения ключ не показывается, видны только последние 4 символа`}
            required
            autoComplete="off"
            {...form.getInputProps('apiKey')}
            error={apiKeyError(connect.error)}
          />
        </Group>
      </ApiForm>
    </Paper>
  );
}
