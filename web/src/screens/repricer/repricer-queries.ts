import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { unwrap } from '../../api/api-error';
import { api } from '../../api/client';
import { invalidate } from '../../api/invalidate';
import { pollWhile } from '../../api/poll';
import type { FormSave } from '../../ui/use-stored-form';
import type { RuleFields } from './rule-form';

const RULES_PAGE = 100;

/** The repricer's queries of a cabinet; a key without a page is the prefix of every page of its list. */
export const repricerQueries = {
  all: (mpAccountId: string) => ['repricer', mpAccountId] as const,
  /** The account's rules (the first hundred) and the service's schedule. */
  rules: (mpAccountId: string) =>
    queryOptions({
      queryKey: [...repricerQueries.all(mpAccountId), 'rules'],
      queryFn: async () => unwrap(await api.GET('/repricer/rules', { params: { query: { mpAccountId, limit: RULES_PAGE } } })),
    }),
  runs: (mpAccountId: string) => [...repricerQueries.all(mpAccountId), 'runs'] as const,
  runPage: (mpAccountId: string, page: number) =>
    queryOptions({
      queryKey: [...repricerQueries.runs(mpAccountId), page],
      queryFn: async () => unwrap(await api.GET('/repricer/runs', { params: { query: { mpAccountId, page, limit: 10 } } })),
    }),
  products: (mpAccountId: string) => [...repricerQueries.all(mpAccountId), 'products'] as const,
  productPage: (mpAccountId: string, page: number) =>
    queryOptions({
      queryKey: [...repricerQueries.products(mpAccountId), page],
      queryFn: async () => unwrap(await api.GET('/repricer/products', { params: { query: { mpAccountId, page, limit: 20 } } })),
    }),
};

export const useRules = (mpAccountId: string) => useQuery(repricerQueries.rules(mpAccountId));

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
    onSuccess: () => invalidate(queryClient, [repricerQueries.rules(mpAccountId).queryKey, repricerQueries.products(mpAccountId)]),
  });
}

/** Runs the repricer now; the answer comes when the run is over, the run log shows it meanwhile; the run changes the products' prices. */
export function useRunNow(mpAccountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await api.POST('/repricer/run', { body: { mpAccountId } })),
    onSettled: () => invalidate(queryClient, [repricerQueries.runs(mpAccountId), repricerQueries.products(mpAccountId)]),
  });
}

/** The run log, newest first, polled while a run is under way (started here, or a run without an outcome yet). */
export function useRuns(mpAccountId: string, page: number, running: boolean) {
  return useQuery({
    ...repricerQueries.runPage(mpAccountId, page),
    placeholderData: (previous) => previous,
    refetchInterval: pollWhile((page) => running || (page?.items.some((run) => run.outcome === null) ?? false)),
  });
}

/** The products with the rule a run without metrics would apply. */
export function useRepricerProducts(mpAccountId: string, page: number) {
  return useQuery({ ...repricerQueries.productPage(mpAccountId, page), placeholderData: (previous) => previous });
}
