import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

import { unwrap } from '../api/api-error';
import { api } from '../api/client';
import { session } from './session-store';

/** Whether this tab holds an access token. */
export function useSignedIn(): boolean {
  return useSyncExternalStore(
    (listener) => session.subscribe(listener),
    () => session.signedIn,
  );
}

export const profileQuery = queryOptions({ queryKey: ['auth', 'me'], queryFn: async () => unwrap(await api.GET('/auth/me')) });

/** The signed-in user's profile (role decides which screens appear). */
export function useProfile() {
  return useQuery(profileQuery);
}
