import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { adminQueries } from '../api/admin-queries';
import { onePage } from '../test/api-fixtures';
import { fakeApi } from '../test/fake-api';
import { renderInApp } from '../test/render';
import { SearchSelect } from './SearchSelect';

/** 120 users, more than one answer holds: only a search finds the last ones. */
const USERS = Array.from({ length: 120 }, (_, i) => ({
  id: `user-${i + 1}`,
  email: `user${i + 1}@example.com`,
  displayName: `Пользователь ${i + 1}`,
  role: 'seller',
  createdAt: '2026-01-01T00:00:00.000Z',
}));

const searches = () => fakeApi.callsTo('/users').map((call) => call.query.get('q'));

function UserChoice() {
  const [userId, setUserId] = useState<string | null>(null);
  return (
    <>
      <SearchSelect label="Пользователь" options={(search) => adminQueries.userChoices(search)} value={userId} onChange={setUserId} />
      <output>{userId ?? 'не выбран'}</output>
    </>
  );
}

afterEach(() => vi.useRealTimers());

describe('SearchSelect', () => {
  it('searches the API as the user types, once per 300 ms pause, shows what it answers and keeps the choice', async () => {
    fakeApi.answer((call) => {
      if (call.path !== '/users') return undefined;
      const q = call.query.get('q');
      const limit = Number(call.query.get('limit'));
      return { status: 200, body: onePage(USERS.filter((user) => !q || user.email.includes(q)).slice(0, limit)) };
    });
    renderInApp(<UserChoice />);
    const input = screen.getByLabelText('Пользователь', { selector: 'input' });
    await waitFor(() => expect(searches()).toEqual([null]));
    expect(fakeApi.callsTo('/users')[0].query.get('limit')).toBe('50');

    vi.useFakeTimers();
    // Mantine takes a change of an input without focus for autofill, not typing.
    act(() => input.focus());
    for (const text of ['u', 'us', 'user11', 'user117']) {
      fireEvent.change(input, { target: { value: text } });
      await act(() => vi.advanceTimersByTimeAsync(100));
    }
    expect(searches()).toEqual([null]);
    await act(() => vi.advanceTimersByTimeAsync(199));
    expect(searches()).toEqual([null]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(searches()).toEqual([null, 'user117']);
    // The query cache tells its observers on a timer of its own.
    await act(() => vi.advanceTimersByTimeAsync(50));
    vi.useRealTimers();

    await waitFor(() => expect(screen.queryByText('Пользователь 1 (user1@example.com)')).toBeNull());
    fireEvent.click(screen.getByText('Пользователь 117 (user117@example.com)'));
    expect(screen.getByText('user-117')).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('Пользователь 117 (user117@example.com)');
  });
});
