import { Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { unwrap } from '../api/api-error';
import { api } from '../api/client';
import { signIn } from '../session/sign-in';
import { PROFILE_KEY, useProfile } from '../session/use-session';
import { ApiForm } from '../ui/ApiForm';
import { fieldError } from '../ui/field-error';

function NameForm({ current }: { current: string }) {
  const queryClient = useQueryClient();
  const [displayName, setDisplayName] = useState(current);
  const save = useMutation({
    mutationFn: async () => unwrap(await api.PATCH('/auth/me', { body: { displayName } })),
    onSuccess: (profile) => queryClient.setQueryData(PROFILE_KEY, profile),
  });
  return (
    <ApiForm
      onSubmit={() => save.mutate()}
      error={save.error}
      pending={save.isPending}
      submitLabel="Сохранить"
      success={save.isSuccess && 'Имя сохранено'}
    >
      <TextInput
        label="Имя"
        required
        value={displayName}
        onChange={(e) => setDisplayName(e.currentTarget.value)}
        error={fieldError(save.error, 'displayName')}
      />
    </ApiForm>
  );
}

/** The service ends every session of the user on a password change; this tab signs in again with the new password. */
function PasswordForm({ email }: { email: string }) {
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const change = useMutation({
    mutationFn: async () => {
      unwrap(await api.PATCH('/auth/me', { body: { currentPassword, password } }));
      await signIn(email, password);
    },
    onSuccess: () => {
      setCurrentPassword('');
      setPassword('');
    },
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
        value={currentPassword}
        onChange={(e) => setCurrentPassword(e.currentTarget.value)}
        error={fieldError(change.error, 'currentPassword')}
      />
      <PasswordInput
        label="Новый пароль"
        required
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
        error={fieldError(change.error, 'password')}
      />
    </ApiForm>
  );
}

export default function ProfileScreen() {
  const profile = useProfile().data;
  if (!profile) return null;
  return (
    <Stack maw={480}>
      <Title order={2}>Профиль</Title>
      <Paper withBorder p="md">
        <NameForm current={profile.displayName} />
      </Paper>
      <Paper withBorder p="md">
        <Title order={4} mb="sm">
          Пароль
        </Title>
        <PasswordForm email={profile.email} />
      </Paper>
    </Stack>
  );
}
