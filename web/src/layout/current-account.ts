import { useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';

import { unwrap } from '../api/api-error';
import { api } from '../api/client';

const STORAGE_KEY = 'seller-ops.account';
const CHANGED = 'app:account-changed';

export const ACCOUNTS_KEY = ['mp-accounts'] as const;

/** The seller's cabinets (the first hundred, which is every seller's whole list in practice). */
export function useAccounts() {
  return useQuery({
    queryKey: ACCOUNTS_KEY,
    queryFn: async () => unwrap(await api.GET('/mp-accounts', { params: { query: { limit: 100, sortBy: 'name', sortDirection: 'asc' } } })),
  });
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGED, onChange);
  return () => window.removeEventListener(CHANGED, onChange);
}

export function selectAccount(id: string | null): void {
  if (id) localStorage.setItem(STORAGE_KEY, id);
  else localStorage.removeItem(STORAGE_KEY);
  window.dispatchEvent(new Event(CHANGED));
}

/** The cabinet the screens work on: the chosen one while it is among the seller's accounts, else the first. */
export function useCurrentAccountId(): string | null {
  const chosen = useSyncExternalStore(subscribe, () => localStorage.getItem(STORAGE_KEY));
  const accounts = useAccounts().data?.items ?? [];
  const current = accounts.find((account) => account.id === chosen)?.id ?? accounts[0]?.id ?? null;
  useEffect(() => {
    if (accounts.length && current !== chosen) selectAccount(current);
  }, [accounts.length, current, chosen]);
  return current;
}
