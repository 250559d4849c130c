import { Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { unwrap } from '../../api/api-error';
import { api } from '../../api/client';
import type { components } from '../../api/schema';
import { signIn } from '../../session/sign-in';
import { profileQuery, useProfile } from '../../session/use-session';
import { ApiForm } from '../../ui/ApiForm';
import { fieldError } from '../../ui/field-error';
import { useStoredForm } from '../../ui/use-stored-form';

type Profile = components['schemas']['UserProfileDto'];
type NameFields = { displayName: string };

const NO_NAME: NameFields = { displayName: '' };
const nameFields = ({ displayName }: NameFields): NameFields => ({ displayName });

/** The name, editable once the profile has loaded. */
function NameForm({ profile }: { profile: Profile | undefined }) {
  const queryClient = useQueryClient();
  const form = useStoredForm({ stored: profile && nameFields(profile), newValues: NO_NAME, fieldsOf: nameFields });
  const save = useMutation({
    mutationFn: async (body: Partial<NameFields>) => unwrap(await api.PATCH('/auth/me', { body })),
    onSuccess: (saved) => {
      queryClient.setQueryData(profileQuery.queryKey, saved);
      form.reset();
    },
  });
  return (
    <ApiForm
      onSubmit={() => save.mutate(form.changes)}
      error={save.error}
      pending={save.isPending}
      canSubmit={form.canSave}
      submitLabel="Сохранить"
      success={save.isSuccess && 'Имя сохранено'}
    >
      <TextInput label="Имя" required {...form.inputProps('displayName')} error={fieldError(save.error, 'displayName')} />
    </ApiForm>
  );
}

/** The service ends every session of the user on a password change; this tab signs in again with the new password. */
function PasswordForm({ email }: { email: string }) {
  const form = useForm({ mode: 'controlled', initialValues: { currentPassword: '', password: '' } });
  const change = useMutation({
    mutationFn: async () => {
      unwrap(await api.PATCH('/auth/me', { body: form.values }));
      await signIn(email, form.values.password);
    },
    onSuccess: () => form.reset(),
  });
  return (
    <ApiForm
      onSubmit={() => change.mutate()}
      error={change.error}
      pending={change.isPending}
      submitLabel="Сменить пароль"
      success={change.isSuccess && 'Пароль изменён. Сеансы на других устройствах завершены'}
    >
      <PasswordInput
        label="Текущий пароль"
        required
        {...form.getInputProps('currentPassword')}
        error={fieldError(change.error, 'currentPassword')}
      />
      <PasswordInput label="Новый пароль" required {...form.getInputProps('password')} error={fieldError(change.error, 'password')} />
    </ApiForm>
  );
}

export default function ProfileScreen() {
  const profile = useProfile().data;
  return (
    <Stack maw={480}>
      <Title order={2}>Профиль</Title>
      <Paper withBorder p="md">
        <NameForm profile={profile} />
      </Paper>
      {profile && (
        <Paper withBorder p="md">
          <Title order={4} mb="sm">
            Пароль
          </Title>
          <PasswordForm email={profile.email} />
        </Paper>
      )}
    </Stack>
  );
}
