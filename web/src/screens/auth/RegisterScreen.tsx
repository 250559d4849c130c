import { Anchor, PasswordInput, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';

import { unwrap } from '../../api/api-error';
import { api } from '../../api/client';
import { Link, navigate } from '../../routing/router';
import { signIn } from '../../session/sign-in';
import { ApiForm } from '../../ui/ApiForm';
import { AuthCard } from '../../ui/AuthCard';
import { fieldError } from '../../ui/field-error';

export default function RegisterScreen() {
  const form = useForm({ mode: 'controlled', initialValues: { email: '', password: '', displayName: '' } });
  const register = useMutation({
    mutationFn: async () => {
      unwrap(await api.POST('/auth/register', { body: form.values }));
      await signIn(form.values.email, form.values.password);
      navigate('/accounts');
    },
  });
  const field = (name: keyof typeof form.values) => ({
    ...form.getInputProps(name),
    error: fieldError(register.error, name),
    required: true,
  });
  return (
    <AuthCard title="Регистрация">
      <ApiForm onSubmit={() => register.mutate()} error={register.error} pending={register.isPending} submitLabel="Зарегистрироваться">
        <TextInput label="Имя" {...field('displayName')} />
        <TextInput label="Электронная почта" type="email" {...field('email')} />
        <PasswordInput label="Пароль" description="Не короче 8 символов, хотя бы два вида знаков" {...field('password')} />
      </ApiForm>
      <Text size="sm">
        Уже есть учётная запись?{' '}
        <Anchor component={Link} to="/">
          Войти
        </Anchor>
      </Text>
    </AuthCard>
  );
}
