import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { unwrap } from '../../api/api-error';
import { api } from '../../api/client';
import type { components } from '../../api/schema';
import { useJobStatus } from '../../api/use-job-status';
import type { FormSave } from '../../ui/use-stored-form';
import type { BudgetFields } from './budget-form';
import type { StrategyFields } from './strategy-form';

export type Campaign = components['schemas']['AdCampaignResponseDto'];
type CampaignChange = Omit<components['schemas']['AdCampaignUpdateDto'], 'mpAccountId'>;

/** The first hundred of a list: every strategy of an account (at most 100), and the campaigns to choose from. */
const WHOLE_LIST = 100;
export const PAGE_SIZE = 20;

const adsKey = (mpAccountId: string) => ['ads', mpAccountId] as const;

/** A change of the account's ads; every list of the screen is read again after it (a campaign's budget is a limit). */
function useAdsChange<T, R>(mpAccountId: string, change: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adsKey(mpAccountId) }),
  });
}

export function useCampaigns(mpAccountId: string, page: number, limit = PAGE_SIZE) {
  return useQuery({
    queryKey: [...adsKey(mpAccountId), 'campaigns', page, limit],
    queryFn: async () => unwrap(await api.GET('/autobidder/campaigns', { params: { query: { mpAccountId, page, limit } } })),
    placeholderData: (previous) => previous,
  });
}

/** The campaigns to choose from in a filter or a form. */
export const useCampaignChoices = (mpAccountId: string) => useCampaigns(mpAccountId, 1, WHOLE_LIST);

export function useUpdateCampaign(mpAccountId: string) {
  return useAdsChange(mpAccountId, async ({ advertId, change }: { advertId: number; change: CampaignChange }) =>
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
      if (status.state === 'completed') await queryClient.invalidateQueries({ queryKey: [...adsKey(mpAccountId), 'campaigns'] });
    },
  });
}

/** A page of the account's limits (it may hold thousands). */
export function useBudgets(mpAccountId: string, page: number) {
  return useQuery({
    queryKey: [...adsKey(mpAccountId), 'budgets', page],
    queryFn: async () => unwrap(await api.GET('/autobidder/budgets', { params: { query: { mpAccountId, page, limit: PAGE_SIZE } } })),
    placeholderData: (previous) => previous,
  });
}

/**
 * The limits of the campaigns `advertIds` (a page of campaigns), wherever they are in the account's list: a campaign has
 * at most one live limit, so they fit one answer. Nothing is asked for no campaign.
 */
export function useCampaignLimits(mpAccountId: string, advertIds: number[]) {
  return useQuery({
    queryKey: [...adsKey(mpAccountId), 'budgets', 'of', advertIds],
    queryFn: async () =>
      unwrap(await api.GET('/autobidder/budgets', { params: { query: { mpAccountId, advertId: advertIds, limit: WHOLE_LIST } } })),
    enabled: advertIds.length > 0,
  });
}

/** A new limit of the campaign `advertId` with every field, or the changed fields of a stored one. */
export function useSaveBudget(mpAccountId: string) {
  return useAdsChange(mpAccountId, async (save: FormSave<BudgetFields> & { advertId: number }) =>
    unwrap(
      save.id === undefined
        ? await api.POST('/autobidder/budgets', { body: { ...save.fields, mpAccountId, advertId: save.advertId } })
        : await api.PATCH('/autobidder/budgets/{id}', { params: { path: { id: save.id } }, body: save.fields }),
    ),
  );
}

export function useDeleteBudget(mpAccountId: string) {
  return useAdsChange(mpAccountId, async (id: string) =>
    unwrap(await api.DELETE('/autobidder/budgets/{id}', { params: { path: { id } } })),
  );
}

export function useBudgetCheck(mpAccountId: string) {
  return useAdsChange(mpAccountId, async () => unwrap(await api.POST('/autobidder/budgets/check', { body: { mpAccountId } })));
}

export function useStrategies(mpAccountId: string) {
  return useQuery({
    queryKey: [...adsKey(mpAccountId), 'strategies'],
    queryFn: async () => unwrap(await api.GET('/autobidder/strategies', { params: { query: { mpAccountId, limit: WHOLE_LIST } } })),
  });
}

/** A new strategy with every field, or the changed fields of a stored one. */
export function useSaveStrategy(mpAccountId: string) {
  return useAdsChange(mpAccountId, async (save: FormSave<StrategyFields>) =>
    unwrap(
      save.id === undefined
        ? await api.POST('/autobidder/strategies', { body: { ...save.fields, mpAccountId } })
        : await api.PATCH('/autobidder/strategies/{id}', { params: { path: { id: save.id } }, body: save.fields }),
    ),
  );
}

export function useDeleteStrategy(mpAccountId: string) {
  return useAdsChange(mpAccountId, async (id: string) =>
    unwrap(await api.DELETE('/autobidder/strategies/{id}', { params: { path: { id } } })),
  );
}

export function useBidEngineRun(mpAccountId: string) {
  return useAdsChange(mpAccountId, async () => unwrap(await api.POST('/autobidder/run', { body: { mpAccountId } })));
}

/** The bid log, newest first, of one campaign or of all. */
export function useBidLog(mpAccountId: string, campaignId: number | undefined, page: number) {
  return useQuery({
    queryKey: [...adsKey(mpAccountId), 'bid-log', campaignId, page],
    queryFn: async () =>
      unwrap(await api.GET('/autobidder/bid-log', { params: { query: { mpAccountId, campaignId, page, limit: PAGE_SIZE } } })),
    placeholderData: (previous) => previous,
  });
}
