import { Anchor, PasswordInput, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';

import { Link } from '../../routing/router';
import { signIn } from '../../session/sign-in';
import { ApiForm } from '../../ui/ApiForm';
import { AuthCard } from '../../ui/AuthCard';
import { fieldError } from '../../ui/field-error';

export default function SignInScreen() {
  const form = useForm({ mode: 'controlled', initialValues: { email: '', password: '' } });
  const login = useMutation({ mutationFn: () => signIn(form.values.email, form.values.password) });
  return (
    <AuthCard title="Вход">
      <ApiForm onSubmit={() => login.mutate()} error={login.error} pending={login.isPending} submitLabel="Войти">
        <TextInput
          label="Электронная почта"
          type="email"
          required
          {...form.getInputProps('email')}
          error={fieldError(login.error, 'email')}
        />
        <PasswordInput label="Пароль" required {...form.getInputProps('password')} error={fieldError(login.error, 'password')} />
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
