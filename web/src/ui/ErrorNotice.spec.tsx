import { cleanup, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import RegisterScreen from '../screens/auth/RegisterScreen';
import { descriptionOf } from '../test/description';
import { errorAnswer, fakeApi } from '../test/fake-api';
import { renderInApp } from '../test/render';

async function register() {
  renderInApp(<RegisterScreen />);
  fireEvent.change(screen.getByLabelText(/^Имя/), { target: { value: 'Анна' } });
  fireEvent.change(screen.getByLabelText(/^Электронная почта/), { target: { value: 'anna@example.test' } });
  fireEvent.change(screen.getByLabelText(/^Пароль/), { target: { value: 'short' } });
  fireEvent.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
  return screen.findByRole('alert');
}

describe('the API error display', () => {
  it('shows the Russian message of the envelope and each validation detail next to the field it names', async () => {
    fakeApi.answer(() =>
      errorAnswer(400, 'VALIDATION_FAILED', 'Проверьте заполнение полей', [
        { field: 'email', errors: ['isEmail'] },
        { field: 'password', errors: ['passwordPolicy', 'minLength'] },
      ]),
    );
    const alert = await register();

    expect(alert.textContent).toContain('Проверьте заполнение полей');
    const email = screen.getByRole('textbox', { name: 'Электронная почта' });
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(email)).toBe('Введите адрес электронной почты');
    expect(descriptionOf(screen.getByLabelText(/^Пароль/))).toBe(
      'Не короче 8 символов и хотя бы два вида: строчные, прописные буквы, цифры, знаки; Слишком короткое значение ' +
        'Не короче 8 символов, хотя бы два вида знаков',
    );
    expect(descriptionOf(screen.getByRole('textbox', { name: 'Имя' }))).toBe('');
  });

  it('keeps the trace id in a collapsed line that opens for support', async () => {
    fakeApi.answer(() => errorAnswer(409, 'CONFLICT', 'Пользователь с такой почтой уже есть', null, 'b6a1f0c2'));
    const alert = await register();

    expect(alert.textContent).toContain('Пользователь с такой почтой уже есть');
    const details = alert.querySelector('details')!;
    expect(details.open).toBe(false);
    fireEvent.click(screen.getByText('Подробности для поддержки'));
    expect(details.open).toBe(true);
    expect(details.textContent).toContain('traceId: b6a1f0c2');
  });

  it('explains an answer outside the envelope and a service that cannot be reached, without a trace line', async () => {
    fakeApi.answer(() => ({ status: 502, body: 'Bad Gateway' }));
    expect((await register()).textContent).toBe('Сервис ответил неожиданно. Повторите попытку позже');
    cleanup();
    fakeApi.answer(() => {
      throw new TypeError('Failed to fetch');
    });
    expect((await register()).textContent).toBe('Сервис не отвечает. Проверьте соединение и повторите попытку');
  });
});
