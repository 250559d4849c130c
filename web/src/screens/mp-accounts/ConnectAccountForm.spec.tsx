import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { descriptionOf } from '../../test/description';
import { errorAnswer, fakeApi } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { ConnectAccountForm } from './ConnectAccountForm';

describe('connecting a cabinet', () => {
  it('says what a key looks like, and a key the service refuses names that format under the field', async () => {
    fakeApi.answer((call) =>
      call.method === 'POST' && call.path === '/mp-accounts'
        ? errorAnswer(400, 'VALIDATION_FAILED', 'Ошибка валидации входных данных', [{ field: 'apiKey', errors: ['isLength'] }])
        : undefined,
    );
    renderInApp(<ConnectAccountForm />);
    const key = screen.getByLabelText(/Ключ API маркетплейса/);
    expect(descriptionOf(key)).toContain('Токен из личного кабинета продавца (Настройки → Доступ к API): от 20 символов, без пробелов');

    fireEvent.change(screen.getByRole('textbox', { name: /Название/ }), { target: { value: 'Кабинет' } });
    fireEvent.change(key, { target: { value: 'short-key' } });
    fireEvent.click(screen.getByRole('button', { name: 'Подключить' }));
    await waitFor(() =>
      expect(descriptionOf(key)).toMatch(
        /^Ключ не подходит\. Токен из личного кабинета продавца \(Настройки → Доступ к API\): от 20 символов, без пробелов/,
      ),
    );
  });
});
