import { useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';

import { accountQueries } from '../api/account-queries';

const STORAGE_KEY = 'seller-ops.account';
const CHANGED = 'app:account-changed';

/** The seller's cabinets (the first hundred, which is every seller's whole list in practice). */
export const useAccounts = () => useQuery(accountQueries.list());

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGED, onChange);
  return () => window.removeEventListener(CHANGED, onChange);
}

export function selectAccount(mpAccountId: string | null): void {
  if (mpAccountId) localStorage.setItem(STORAGE_KEY, mpAccountId);
  else localStorage.removeItem(STORAGE_KEY);
  window.dispatchEvent(new Event(CHANGED));
}

/** The cabinet the screens work on: the chosen one while it is among the seller's accounts, else the first. */
export function useCurrentMpAccountId(): string | null {
  const chosen = useSyncExternalStore(subscribe, () => localStorage.getItem(STORAGE_KEY));
  const accounts = useAccounts().data?.items ?? [];
  const current = accounts.find((account) => account.id === chosen)?.id ?? accounts[0]?.id ?? null;
  useEffect(() => {
    if (accounts.length && current !== chosen) selectAccount(current);
  }, [accounts.length, current, chosen]);
  return current;
}
