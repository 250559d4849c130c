import { useMutation, useQueryClient } from '@tanstack/react-query';

import { accountQueries } from '../../api/account-queries';
import { unwrap } from '../../api/api-error';
import { api } from '../../api/client';

/** A change of an account, after which the account list (and the switcher) is read again. */
export function useAccountChange<T, R>(change: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: change, onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueries.list().queryKey }) });
}

export const connectAccount = async (body: { name: string; apiKey: string }) => unwrap(await api.POST('/mp-accounts', { body }));

export const changeKey = async ({ id, apiKey }: { id: string; apiKey: string }) =>
  unwrap(await api.PATCH('/mp-accounts/{id}', { params: { path: { id } }, body: { apiKey } }));

export const deleteAccount = async (id: string) => unwrap(await api.DELETE('/mp-accounts/{id}', { params: { path: { id } } }));

export const checkKey = async (id: string) => unwrap(await api.POST('/mp-accounts/{id}/check', { params: { path: { id } } }));
