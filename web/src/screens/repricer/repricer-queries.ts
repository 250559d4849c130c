import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { unwrap } from '../../api/api-error';
import { api } from '../../api/client';
import type { FormSave } from '../../ui/use-stored-form';
import type { RuleFields } from './rule-form';

/** How often the run log is read while a run of the account is under way. */
const RUN_POLL_MS = 1_000;
const RULES_PAGE = 100;

const repricerKey = (mpAccountId: string) => ['repricer', mpAccountId] as const;
const runsKey = (mpAccountId: string) => [...repricerKey(mpAccountId), 'runs'] as const;

/** The account's rules (the first hundred) and the service's schedule. */
export function useRules(mpAccountId: string) {
  return useQuery({
    queryKey: [...repricerKey(mpAccountId), 'rules'],
    queryFn: async () => unwrap(await api.GET('/repricer/rules', { params: { query: { mpAccountId, limit: RULES_PAGE } } })),
  });
}

/** A new rule of the account with every field, or the changed fields of one; the rules and the products with their rule are read again after. */
export function useSaveRule(mpAccountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (save: FormSave<RuleFields>) =>
      unwrap(
        save.id === undefined
          ? await api.POST('/repricer/rules', { body: { ...save.fields, mpAccountId } })
          : await api.PATCH('/repricer/rules/{id}', { params: { path: { id: save.id } }, body: save.fields }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: repricerKey(mpAccountId) }),
  });
}

/** Runs the repricer now; the answer comes when the run is over, the run log shows it meanwhile. */
export function useRunNow(mpAccountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await api.POST('/repricer/run', { body: { mpAccountId } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: repricerKey(mpAccountId) }),
  });
}

/** The run log, newest first, polled while a run is under way (started here, or a run without an outcome yet). */
export function useRuns(mpAccountId: string, page: number, running: boolean) {
  return useQuery({
    queryKey: [...runsKey(mpAccountId), page],
    queryFn: async () => unwrap(await api.GET('/repricer/runs', { params: { query: { mpAccountId, page, limit: 10 } } })),
    placeholderData: (previous) => previous,
    refetchInterval: (query) => (running || query.state.data?.items.some((run) => run.outcome === null) ? RUN_POLL_MS : false),
  });
}

/** The products with the rule a run without metrics would apply. */
export function useRepricerProducts(mpAccountId: string, page: number) {
  return useQuery({
    queryKey: [...repricerKey(mpAccountId), 'products', page],
    queryFn: async () => unwrap(await api.GET('/repricer/products', { params: { query: { mpAccountId, page, limit: 20 } } })),
    placeholderData: (previous) => previous,
  });
}
