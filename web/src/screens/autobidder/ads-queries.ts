import { type QueryKey, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { unwrap } from '../../api/api-error';
import { campaignQueries } from '../../api/campaign-queries';
import { CHOICES } from '../../api/choices';
import { api } from '../../api/client';
import { invalidate } from '../../api/invalidate';
import type { components } from '../../api/schema';
import { useJobStatus } from '../../api/use-job-status';
import type { FormSave } from '../../ui/use-stored-form';
import type { BudgetFields } from './budget-form';
import type { StrategyFields } from './strategy-form';

export type Campaign = components['schemas']['AdCampaignResponseDto'];
type CampaignChange = Omit<components['schemas']['AdCampaignUpdateDto'], 'mpAccountId'>;

/** The most a list answers at once: the limits of a page of campaigns, the campaigns of a page of limits. */
const WHOLE_PAGE = 100;
export const PAGE_SIZE = 20;

/** The ads' queries of a cabinet; a key without a page is the prefix of every page of its list. */
export const adsQueries = {
  all: (mpAccountId: string) => ['ads', mpAccountId] as const,
  campaigns: (mpAccountId: string) => [...adsQueries.all(mpAccountId), 'campaigns'] as const,
  campaignPage: (mpAccountId: string, page: number) =>
    queryOptions({
      queryKey: [...adsQueries.campaigns(mpAccountId), page],
      queryFn: async () => unwrap(await api.GET('/autobidder/campaigns', { params: { query: { mpAccountId, page, limit: PAGE_SIZE } } })),
    }),
  budgets: (mpAccountId: string) => [...adsQueries.all(mpAccountId), 'budgets'] as const,
  budgetPage: (mpAccountId: string, page: number) =>
    queryOptions({
      queryKey: [...adsQueries.budgets(mpAccountId), page],
      queryFn: async () => unwrap(await api.GET('/autobidder/budgets', { params: { query: { mpAccountId, page, limit: PAGE_SIZE } } })),
    }),
  campaignLimits: (mpAccountId: string, advertIds: number[]) =>
    queryOptions({
      queryKey: [...adsQueries.budgets(mpAccountId), 'of', advertIds],
      queryFn: async () =>
        unwrap(await api.GET('/autobidder/budgets', { params: { query: { mpAccountId, advertId: advertIds, limit: WHOLE_PAGE } } })),
    }),
  /** The campaigns `advertIds` (those of a page of limits), by number. */
  campaignsOf: (mpAccountId: string, advertIds: number[]) =>
    queryOptions({
      queryKey: [...adsQueries.campaigns(mpAccountId), 'of', advertIds],
      queryFn: async () =>
        unwrap(await api.GET('/autobidder/campaigns', { params: { query: { mpAccountId, advertId: advertIds, limit: WHOLE_PAGE } } })),
    }),
  campaignChoices: campaignQueries.choices,
  strategies: (mpAccountId: string) => [...adsQueries.all(mpAccountId), 'strategies'] as const,
  strategyPage: (mpAccountId: string, page: number) =>
    queryOptions({
      queryKey: [...adsQueries.strategies(mpAccountId), page],
      queryFn: async () => unwrap(await api.GET('/autobidder/strategies', { params: { query: { mpAccountId, page, limit: PAGE_SIZE } } })),
    }),
  strategyChoices: (mpAccountId: string, q: string) =>
    queryOptions({
      queryKey: [...adsQueries.strategies(mpAccountId), 'choices', q],
      queryFn: async () =>
        unwrap(await api.GET('/autobidder/strategies', { params: { query: { mpAccountId, limit: CHOICES, ...(q && { q }) } } })).items.map(
          (strategy) => ({ value: strategy.id, label: strategy.name }),
        ),
    }),
  bidLog: (mpAccountId: string) => [...adsQueries.all(mpAccountId), 'bid-log'] as const,
  bidLogPage: (mpAccountId: string, campaignId: number | undefined, page: number) =>
    queryOptions({
      queryKey: [...adsQueries.bidLog(mpAccountId), campaignId, page],
      queryFn: async () =>
        unwrap(await api.GET('/autobidder/bid-log', { params: { query: { mpAccountId, campaignId, page, limit: PAGE_SIZE } } })),
    }),
};

/** A change of the account's ads; the lists it changes (`changed`, their keys) are read again after it. */
function useAdsChange<T, R>(changed: readonly QueryKey[], change: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: change, onSuccess: () => invalidate(queryClient, changed) });
}

export function useCampaigns(mpAccountId: string, page: number) {
  return useQuery({ ...adsQueries.campaignPage(mpAccountId, page), placeholderData: (previous) => previous });
}

/** The campaigns `advertIds` (a page of limits names them by number); nothing is asked for none. */
export function useCampaignsOf(mpAccountId: string, advertIds: number[]) {
  return useQuery({ ...adsQueries.campaignsOf(mpAccountId, advertIds), enabled: advertIds.length > 0 });
}

/** A campaign's Auto, strategy or daily budget (a budget is the campaign's limit). */
export function useUpdateCampaign(mpAccountId: string) {
  return useAdsChange(
    [adsQueries.campaigns(mpAccountId), adsQueries.budgets(mpAccountId)],
    async ({ advertId, change }: { advertId: number; change: CampaignChange }) =>
      unwrap(await api.PATCH('/autobidder/campaigns/{advertId}', { params: { path: { advertId } }, body: { mpAccountId, ...change } })),
  );
}

export function useStartCampaignSync(mpAccountId: string) {
  return useMutation({
    mutationFn: async () => unwrap(await api.POST('/autobidder/sync', { body: { mpAccountId } })),
  });
}

/** The sync job's state, polled until it ends; the campaigns are read again once it has. */
export function useCampaignSyncStatus(mpAccountId: string, jobId: string | undefined) {
  const queryClient = useQueryClient();
  return useJobStatus('/autobidder/sync/status/{jobId}', jobId, {
    onFinished: async (status) => {
      if (status.state === 'completed') await queryClient.invalidateQueries({ queryKey: adsQueries.campaigns(mpAccountId) });
    },
  });
}

/** A page of the account's limits (it may hold thousands). */
export function useBudgets(mpAccountId: string, page: number) {
  return useQuery({ ...adsQueries.budgetPage(mpAccountId, page), placeholderData: (previous) => previous });
}

/**
 * The limits of the campaigns `advertIds` (a page of campaigns), wherever they are in the account's list: a campaign has
 * at most one live limit, so they fit one answer. Nothing is asked for no campaign.
 */
export function useCampaignLimits(mpAccountId: string, advertIds: number[]) {
  return useQuery({ ...adsQueries.campaignLimits(mpAccountId, advertIds), enabled: advertIds.length > 0 });
}

/** A new limit of the campaign `advertId` with every field, or the changed fields of a stored one. */
export function useSaveBudget(mpAccountId: string) {
  return useAdsChange([adsQueries.budgets(mpAccountId)], async (save: FormSave<BudgetFields> & { advertId: number }) =>
    unwrap(
      save.id === undefined
        ? await api.POST('/autobidder/budgets', { body: { ...save.fields, mpAccountId, advertId: save.advertId } })
        : await api.PATCH('/autobidder/budgets/{id}', { params: { path: { id: save.id } }, body: save.fields }),
    ),
  );
}

export function useDeleteBudget(mpAccountId: string) {
  return useAdsChange([adsQueries.budgets(mpAccountId)], async (id: string) =>
    unwrap(await api.DELETE('/autobidder/budgets/{id}', { params: { path: { id } } })),
  );
}

/** The check stops the campaigns over their limits. */
export function useBudgetCheck(mpAccountId: string) {
  return useAdsChange([adsQueries.budgets(mpAccountId), adsQueries.campaigns(mpAccountId)], async () =>
    unwrap(await api.POST('/autobidder/budgets/check', { body: { mpAccountId } })),
  );
}

/** A page of the account's strategies. */
export function useStrategies(mpAccountId: string, page: number) {
  return useQuery({ ...adsQueries.strategyPage(mpAccountId, page), placeholderData: (previous) => previous });
}

/** A new strategy with every field, or the changed fields of a stored one. */
export function useSaveStrategy(mpAccountId: string) {
  return useAdsChange([adsQueries.strategies(mpAccountId)], async (save: FormSave<StrategyFields>) =>
    unwrap(
      save.id === undefined
        ? await api.POST('/autobidder/strategies', { body: { ...save.fields, mpAccountId } })
        : await api.PATCH('/autobidder/strategies/{id}', { params: { path: { id: save.id } }, body: save.fields }),
    ),
  );
}

/** A deleted strategy leaves its campaigns. */
export function useDeleteStrategy(mpAccountId: string) {
  return useAdsChange([adsQueries.strategies(mpAccountId), adsQueries.campaigns(mpAccountId)], async (id: string) =>
    unwrap(await api.DELETE('/autobidder/strategies/{id}', { params: { path: { id } } })),
  );
}

/** A run changes the campaigns' bids and writes the bid log. */
export function useBidEngineRun(mpAccountId: string) {
  return useAdsChange([adsQueries.campaigns(mpAccountId), adsQueries.bidLog(mpAccountId)], async () =>
    unwrap(await api.POST('/autobidder/run', { body: { mpAccountId } })),
  );
}

/** The bid log, newest first, of one campaign or of all. */
export function useBidLog(mpAccountId: string, campaignId: number | undefined, page: number) {
  return useQuery({ ...adsQueries.bidLogPage(mpAccountId, campaignId, page), placeholderData: (previous) => previous });
}
