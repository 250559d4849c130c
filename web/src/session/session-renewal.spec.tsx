import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { useAccounts } from '../layout/current-account';
import { onePage } from '../test/api-fixtures';
import { errorAnswer, fakeApi } from '../test/fake-api';
import { renderHookInApp } from '../test/render';
import { session } from './session-store';
import { REFRESH_TOKEN_KEY } from './token-pair';
import { useProfile, useSignedIn } from './use-session';

const PROFILE = { id: 'u-1', email: 'anna@example.test', displayName: 'Анна', role: 'seller', createdAt: '2026-01-01T00:00:00.000Z' };
const expired = errorAnswer(401, 'UNAUTHORIZED', 'Требуется вход');

function signedInScreen() {
  session.start({ accessToken: 'old-access', refreshToken: 'old-refresh', expiresIn: 900 });
  return renderHookInApp(() => ({ signedIn: useSignedIn(), profile: useProfile(), accounts: useAccounts() }));
}

afterEach(() => session.clear());

describe('the session renewal on a 401', () => {
  it('renews the session once for the requests that met an expired token and sends each again with the new one', async () => {
    fakeApi.answer((call) => {
      if (call.path === '/auth/refresh')
        return (call.body as { refreshToken: string }).refreshToken === 'old-refresh'
          ? { status: 201, body: { accessToken: 'new-access', refreshToken: 'new-refresh', expiresIn: 900 } }
          : expired;
      if (call.authorization !== 'Bearer new-access') return expired;
      return { status: 200, body: call.path === '/auth/me' ? PROFILE : onePage([]) };
    });
    const { result } = signedInScreen();

    await waitFor(() => expect(result.current.profile.data?.displayName).toBe('Анна'));
    await waitFor(() => expect(result.current.accounts.data?.items).toEqual([]));
    expect(fakeApi.callsTo('/auth/refresh')).toHaveLength(1);
    expect(fakeApi.callsTo('/auth/me').map((call) => call.authorization)).toEqual(['Bearer old-access', 'Bearer new-access']);
    expect(fakeApi.callsTo('/mp-accounts').map((call) => call.authorization)).toEqual(['Bearer old-access', 'Bearer new-access']);
    expect(result.current.signedIn).toBe(true);
    expect(sessionStorage.getItem(REFRESH_TOKEN_KEY)).toBe('new-refresh');
  });

  it('signs out when the renewal meets a 401 too, without sending the request again', async () => {
    fakeApi.answer(() => expired);
    const { result } = signedInScreen();

    await waitFor(() => expect(result.current.signedIn).toBe(false));
    expect(fakeApi.callsTo('/auth/refresh')).toHaveLength(1);
    expect(fakeApi.callsTo('/auth/me')).toHaveLength(1);
    expect(sessionStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
  });

  it('does not renew again when the request sent with the new token is refused too, and shows why', async () => {
    fakeApi.answer((call) =>
      call.path === '/auth/refresh'
        ? { status: 201, body: { accessToken: 'new-access', refreshToken: 'new-refresh', expiresIn: 900 } }
        : expired,
    );
    const { result } = signedInScreen();

    await waitFor(() => expect(result.current.profile.error?.message).toBe('Требуется вход'));
    expect(fakeApi.callsTo('/auth/refresh')).toHaveLength(1);
    expect(fakeApi.callsTo('/auth/me')).toHaveLength(2);
  });
});
