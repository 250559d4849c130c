import { fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { AppProviders, createQueryClient } from '../AppProviders';
import { lazyScreen } from './lazy-screen';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';

function Loaded() {
  return <h2>Экран загружен</h2>;
}

describe('a lazily loaded screen whose code fails to load', () => {
  it('shows the error with a reload button in its place, and the reload imports the code again', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Loaded }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: Loaded });
    const Screen = lazyScreen(load);
    // React reports the error it caught; the test reads what the seller sees instead.
    const report = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <AppProviders queryClient={createQueryClient()}>
        <nav>Разделы</nav>
        <Suspense fallback={null}>
          <ScreenErrorBoundary screen={Screen} />
        </Suspense>
      </AppProviders>,
    );

    expect((await screen.findByRole('alert')).textContent).toContain('Не удалось загрузить раздел');
    expect(screen.getByText('Разделы')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Обновить' }));
    expect(await screen.findByRole('heading', { name: 'Экран загружен' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
    report.mockRestore();
  });
});
