import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { unwrap } from '../../api/api-error';
import { api } from '../../api/client';
import type { paths } from '../../api/schema';
import type { AuditQuery } from './audit-filter';
import type { Role } from './roles';

export type UserQuery = NonNullable<paths['/users']['get']['parameters']['query']>;

const USERS_KEY = ['admin', 'users'] as const;
const GRANTS_KEY = ['admin', 'brand-access'] as const;
const AUDIT_KEY = ['admin', 'audit-logs'] as const;

export function useUsers(query: UserQuery) {
  return useQuery({
    queryKey: [...USERS_KEY, query],
    queryFn: async () => unwrap(await api.GET('/users', { params: { query } })),
    placeholderData: (previous) => previous,
  });
}

/** Names for the ids in grants and audit records: the first hundred users, by name. */
export function useUserNames(): Map<string, string> {
  const users = useUsers({ limit: 100, sortBy: 'email', sortDirection: 'asc' });
  return new Map((users.data?.items ?? []).map((user) => [user.id, `${user.displayName} (${user.email})`]));
}

/** A change that the audit log records: the lists it touches and the log are read again after it. */
function useRecordedChange<T, R>(lists: readonly (readonly string[])[], mutationFn: (variables: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all([...lists, AUDIT_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export function useChangeRole() {
  return useRecordedChange([USERS_KEY], async ({ userId, role }: { userId: string; role: Role }) =>
    unwrap(await api.PATCH('/auth/users/{userId}/role', { params: { path: { userId } }, body: { role } })),
  );
}

export function useRevokeSessions() {
  return useRecordedChange([], async (userId: string) =>
    unwrap(await api.POST('/auth/users/{userId}/revoke-sessions', { params: { path: { userId } } })),
  );
}

export function useBrandGrants(page: number, limit: number) {
  return useQuery({
    queryKey: [...GRANTS_KEY, page, limit],
    queryFn: async () => unwrap(await api.GET('/brand-access', { params: { query: { page, limit } } })),
    placeholderData: (previous) => previous,
  });
}

export function useGrantBrand() {
  return useRecordedChange([GRANTS_KEY], async (body: { userId: string; brandId: string }) =>
    unwrap(await api.POST('/brand-access', { body })),
  );
}

export function useRevokeGrant() {
  return useRecordedChange([GRANTS_KEY], async (id: string) =>
    unwrap(await api.DELETE('/brand-access/{id}', { params: { path: { id } } })),
  );
}

export function useAuditLog(query: AuditQuery) {
  return useQuery({
    queryKey: [...AUDIT_KEY, query],
    queryFn: async () => unwrap(await api.GET('/audit-logs', { params: { query } })),
    placeholderData: (previous) => previous,
  });
}
