import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { unwrap } from '../../../api/api-error';
import { api } from '../../../api/client';
import type { FormSave } from '../../../ui/use-stored-form';
import type { ComplaintRuleFields } from './complaint-rule-form';

const RULES_PAGE = 100;
const LIST_PAGE = 10;

/** The complaints' queries of a cabinet; `prepared` is the prefix of what preparing or closing a complaint changes. */
export const complaintQueries = {
  all: (mpAccountId: string) => ['complaints', mpAccountId] as const,
  /** The complaint reasons of the seller site, with their Russian labels. */
  reasons: () =>
    queryOptions({ queryKey: ['complaint-reasons'], queryFn: async () => unwrap(await api.GET('/autoreply/complaint-reasons')) }),
  rules: (mpAccountId: string) =>
    queryOptions({
      queryKey: [...complaintQueries.all(mpAccountId), 'rules'],
      queryFn: async () => unwrap(await api.GET('/autoreply/complaint-rules', { params: { query: { mpAccountId, limit: RULES_PAGE } } })),
    }),
  feedbackPage: (mpAccountId: string, page: number) =>
    queryOptions({
      queryKey: [...complaintQueries.all(mpAccountId), 'feedbacks', page],
      queryFn: async () =>
        unwrap(await api.GET('/autoreply/inbox', { params: { query: { mpAccountId, kind: 'feedback', page, limit: LIST_PAGE } } })),
    }),
  prepared: (mpAccountId: string) => [...complaintQueries.all(mpAccountId), 'prepared'] as const,
  preparedPage: (mpAccountId: string, page: number) =>
    queryOptions({
      queryKey: [...complaintQueries.prepared(mpAccountId), 'list', page],
      queryFn: async () => unwrap(await api.GET('/autoreply/complaints', { params: { query: { mpAccountId, page, limit: LIST_PAGE } } })),
    }),
  /** How many complaints are ready to submit (pending): drafts still wait for the seller's reading. */
  readyCount: (mpAccountId: string) =>
    queryOptions({
      queryKey: [...complaintQueries.prepared(mpAccountId), 'ready'],
      queryFn: async () =>
        unwrap(await api.GET('/autoreply/complaints', { params: { query: { mpAccountId, status: 'pending', limit: 1 } } })).meta.total,
    }),
};

export const useComplaintReasons = () => useQuery({ ...complaintQueries.reasons(), staleTime: Infinity });

export const useComplaintRules = (mpAccountId: string) => useQuery(complaintQueries.rules(mpAccountId));

export function useSaveComplaintRule(mpAccountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (save: FormSave<ComplaintRuleFields>) =>
      unwrap(
        save.id === undefined
          ? await api.POST('/autoreply/complaint-rules', { body: { ...save.fields, mpAccountId } })
          : await api.PATCH('/autoreply/complaint-rules/{id}', { params: { path: { id: save.id } }, body: save.fields }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: complaintQueries.rules(mpAccountId).queryKey }),
  });
}

export function useDeleteComplaintRule(mpAccountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await api.DELETE('/autoreply/complaint-rules/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: complaintQueries.rules(mpAccountId).queryKey }),
  });
}

/** The account's feedbacks (questions have no rating and get no complaint), newest first. */
export function useFeedbacks(mpAccountId: string, page: number) {
  return useQuery({ ...complaintQueries.feedbackPage(mpAccountId, page), placeholderData: keepPreviousData });
}

export function usePrepareComplaint(mpAccountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (feedbackId: string) =>
      unwrap(await api.POST('/autoreply/complaints/prepare', { body: { mpAccountId, feedbackId } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: complaintQueries.prepared(mpAccountId) }),
  });
}

/** The prepared complaints the seller still has to act on (draft and pending, the listing's default), newest first. */
export function usePreparedComplaints(mpAccountId: string, page: number) {
  return useQuery({ ...complaintQueries.preparedPage(mpAccountId, page), placeholderData: keepPreviousData });
}

export const useReadyComplaintCount = (mpAccountId: string) => useQuery(complaintQueries.readyCount(mpAccountId));

/** Submitted (filed by the seller on the seller site) or dismissed: either way the complaint leaves the list. */
export function useCloseComplaint(mpAccountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: 'submit' | 'dismiss' }) =>
      unwrap(
        action === 'submit'
          ? await api.POST('/autoreply/complaints/{id}/submit', { params: { path: { id } } })
          : await api.POST('/autoreply/complaints/{id}/dismiss', { params: { path: { id } } }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: complaintQueries.prepared(mpAccountId) }),
  });
}
