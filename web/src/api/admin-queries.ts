import { type QueryKey, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { unwrap } from './api-error';
import { CHOICES } from './choices';
import { api } from './client';
import { invalidate } from './invalidate';
import type { Role } from './roles';
import type { paths } from './schema';

export type AuditQuery = NonNullable<paths['/audit-logs']['get']['parameters']['query']>;
export type UserQuery = NonNullable<paths['/users']['get']['parameters']['query']>;

/** The administration's queries; a key without a query is the prefix of every page of its list. */
export const adminQueries = {
  users: () => ['admin', 'users'] as const,
  userPage: (query: UserQuery) =>
    queryOptions({
      queryKey: [...adminQueries.users(), query],
      queryFn: async () => unwrap(await api.GET('/users', { params: { query } })),
    }),
  /** Users (of one role, when given) whose e-mail or name holds the search, as options named «name (e-mail)». */
  userChoices: (search: string, role?: Role) =>
    queryOptions({
      queryKey: [...adminQueries.users(), 'choices', role ?? null, search],
      queryFn: async () => {
        const query = {
          limit: CHOICES,
          sortBy: 'email',
          sortDirection: 'asc',
          ...(role && { role }),
          ...(search && { q: search }),
        } as const;
        const page = unwrap(await api.GET('/users', { params: { query } }));
        return page.items.map((user) => ({ value: user.id, label: `${user.displayName} (${user.email})` }));
      },
    }),
  grants: () => ['admin', 'brand-access'] as const,
  grantPage: (page: number, limit: number) =>
    queryOptions({
      queryKey: [...adminQueries.grants(), page, limit],
      queryFn: async () => unwrap(await api.GET('/brand-access', { params: { query: { page, limit } } })),
    }),
  audit: () => ['admin', 'audit-logs'] as const,
  auditPage: (query: AuditQuery) =>
    queryOptions({
      queryKey: [...adminQueries.audit(), query],
      queryFn: async () => unwrap(await api.GET('/audit-logs', { params: { query } })),
    }),
};

export function useUsers(query: UserQuery) {
  return useQuery({ ...adminQueries.userPage(query), placeholderData: (previous) => previous });
}

/** Names for the ids in grants and audit records: the first hundred users, by name. */
export function useUserNames(): Map<string, string> {
  const users = useUsers({ limit: 100, sortBy: 'email', sortDirection: 'asc' });
  return new Map((users.data?.items ?? []).map((user) => [user.id, `${user.displayName} (${user.email})`]));
}

/** A change that the audit log records: the lists it touches and the log are read again after it. */
function useRecordedChange<T, R>(lists: readonly QueryKey[], mutationFn: (variables: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidate(queryClient, [...lists, adminQueries.audit()]) });
}

export function useChangeRole() {
  return useRecordedChange([adminQueries.users()], async ({ userId, role }: { userId: string; role: Role }) =>
    unwrap(await api.PATCH('/auth/users/{userId}/role', { params: { path: { userId } }, body: { role } })),
  );
}

export function useRevokeSessions() {
  return useRecordedChange([], async (userId: string) =>
    unwrap(await api.POST('/auth/users/{userId}/revoke-sessions', { params: { path: { userId } } })),
  );
}

export function useBrandGrants(page: number, limit: number) {
  return useQuery({ ...adminQueries.grantPage(page, limit), placeholderData: (previous) => previous });
}

export function useGrantBrand() {
  return useRecordedChange([adminQueries.grants()], async (body: { userId: string; brandId: string }) =>
    unwrap(await api.POST('/brand-access', { body })),
  );
}

export function useRevokeGrant() {
  return useRecordedChange([adminQueries.grants()], async (id: string) =>
    unwrap(await api.DELETE('/brand-access/{id}', { params: { path: { id } } })),
  );
}

export function useAuditLog(query: AuditQuery) {
  return useQuery({ ...adminQueries.auditPage(query), placeholderData: (previous) => previous });
}
