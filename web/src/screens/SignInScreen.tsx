import { Anchor, PasswordInput, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';

import { Link } from '../routing/router';
import { signIn } from '../session/sign-in';
import { ApiForm } from '../ui/ApiForm';
import { AuthCard } from '../ui/AuthCard';
import { fieldError } from '../ui/field-error';

export default function SignInScreen() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useMutation({ mutationFn: () => signIn(email, password) });
  return (
    <AuthCard title="Вход">
      <ApiForm onSubmit={() => login.mutate()} error={login.error} pending={login.isPending} submitLabel="Войти">
        <TextInput
          label="Электронная почта"
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={fieldError(login.error, 'email')}
        />
        <PasswordInput
          label="Пароль"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={fieldError(login.error, 'password')}
        />
      </ApiForm>
      <Text size="sm">
        Нет учётной записи?{' '}
        <Anchor component={Link} to="/register">
          Зарегистрироваться
        </Anchor>
      </Text>
    </AuthCard>
  );
}
