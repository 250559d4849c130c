import { render, renderHook, type RenderHookResult, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';

import { AppProviders, createQueryClient } from '../AppProviders';

/** A piece of the app rendered inside the providers the app has, with a cache of its own. */
export function renderInApp(ui: ReactNode): RenderResult {
  return render(<AppProviders queryClient={createQueryClient()}>{ui}</AppProviders>);
}

/** A hook run inside the providers the app has, with a cache of its own. */
export function renderHookInApp<T>(hook: () => T): RenderHookResult<T, unknown> {
  const queryClient = createQueryClient();
  return renderHook(hook, { wrapper: ({ children }) => <AppProviders queryClient={queryClient}>{children}</AppProviders> });
}
