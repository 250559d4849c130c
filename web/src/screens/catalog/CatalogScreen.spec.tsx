import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ACCOUNT, onePage, product } from '../../test/api-fixtures';
import { fakeApi } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import CatalogScreen from './CatalogScreen';

const SYNC_IDLE = {
  state: 'idle',
  productCount: 2,
  lastSyncAt: null,
  lastCardsSyncAt: null,
  message: null,
  errorMessage: null,
  jobId: null,
};
const CATALOG = [product(101, 'Шампунь'), product(102, 'Крем для рук')];

/** The searches the screen sent, in order. */
const searches = () =>
  fakeApi
    .callsTo('/catalog/products')
    .map((call) => call.query.get('q'))
    .filter((q) => q !== null);

async function typeEvery(ms: number, field: HTMLElement, texts: string[]) {
  for (const text of texts) {
    fireEvent.change(field, { target: { value: text } });
    await act(() => vi.advanceTimersByTimeAsync(ms));
  }
}

afterEach(() => vi.useRealTimers());

function answerCatalog() {
  fakeApi.answer((call) => {
    if (call.path === '/mp-accounts') return { status: 200, body: onePage([ACCOUNT]) };
    if (call.path === '/brands') return { status: 200, body: onePage([]) };
    if (call.path === '/catalog/sync/status') return { status: 200, body: SYNC_IDLE };
    if (call.path !== '/catalog/products') return undefined;
    const q = call.query.get('q')?.toLowerCase();
    return { status: 200, body: onePage(CATALOG.filter((item) => !q || item.title.toLowerCase().includes(q))) };
  });
}

describe('the catalog search', () => {
  it('a search that finds nothing says so, naming the query', async () => {
    answerCatalog();
    renderInApp(<CatalogScreen />);
    await screen.findByText('Шампунь');
    fireEvent.change(screen.getByRole('textbox', { name: 'Поиск' }), { target: { value: '  пылесос ' } });
    expect(await screen.findByText('Ничего не найдено по запросу «пылесос»')).toBeTruthy();
    expect(screen.queryByText('Шампунь')).toBeNull();
  });

  it('asks for products once per 300 ms pause in typing, with the text typed by then', async () => {
    answerCatalog();
    renderInApp(<CatalogScreen />);
    await screen.findByText('Шампунь');
    vi.useFakeTimers();
    const search = screen.getByRole('textbox', { name: 'Поиск' });

    await typeEvery(100, search, ['к', 'кр', 'кре', 'крем']);
    expect(searches()).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(199));
    expect(searches()).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(searches()).toEqual(['крем']);

    await typeEvery(250, search, ['крем ', 'крем д', 'крем дл']);
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(searches()).toEqual(['крем', 'крем дл']);

    vi.useRealTimers();
    await waitFor(() => expect(screen.queryByText('Шампунь')).toBeNull());
    expect(screen.getByText('Крем для рук')).toBeTruthy();
    expect(screen.getByText('Найдено: 1')).toBeTruthy();
  });
});
