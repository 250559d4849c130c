import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

import { unwrap } from '../../api/api-error';
import { api } from '../../api/client';
import { invalidate } from '../../api/invalidate';
import { pollWhile } from '../../api/poll';
import type { components } from '../../api/schema';
import type { DraftStatus } from './content-text';

type Schemas = components['schemas'];
export type Draft = Schemas['ContentDraftDto'];
export type AuditItem = Schemas['ContentAuditItemDto'];
export type ContentField = Schemas['ContentGenerateDto']['fields'][number];
export type ProposedPatch = Schemas['ContentProposedPatchDto'];

const AUDIT_PAGE = 20;
const DRAFTS_PAGE = 20;

/** A draft whose publication is under way: the marketplace has not answered yet. */
const inFlight = (status: DraftStatus) => status === 'approved' || status === 'publishing';

/** The content studio's queries of a cabinet; a key without a page is the prefix of every page of its list. */
export const contentQueries = {
  all: (mpAccountId: string) => ['content', mpAccountId] as const,
  audit: (mpAccountId: string) => [...contentQueries.all(mpAccountId), 'audit'] as const,
  auditPage: (mpAccountId: string, page: number, scoreBelow: number | null) =>
    queryOptions({
      queryKey: [...contentQueries.audit(mpAccountId), page, scoreBelow],
      queryFn: async () =>
        unwrap(
          await api.GET('/content/audit', {
            params: { query: { mpAccountId, page, limit: AUDIT_PAGE, ...(scoreBelow !== null && { scoreBelow }) } },
          }),
        ),
    }),
  drafts: (mpAccountId: string) => [...contentQueries.all(mpAccountId), 'drafts'] as const,
  draftPage: (mpAccountId: string, page: number, status: DraftStatus | null) =>
    queryOptions({
      queryKey: [...contentQueries.drafts(mpAccountId), 'page', page, status],
      queryFn: async () =>
        unwrap(
          await api.GET('/content/drafts', {
            params: { query: { mpAccountId, page, limit: DRAFTS_PAGE, ...(status && { status }) } },
          }),
        ),
    }),
  draft: (mpAccountId: string, id: string) =>
    queryOptions({
      queryKey: [...contentQueries.drafts(mpAccountId), 'one', id],
      queryFn: async () => unwrap(await api.GET('/content/drafts/{id}', { params: { path: { id } } })),
    }),
  summary: (mpAccountId: string) =>
    queryOptions({
      queryKey: [...contentQueries.all(mpAccountId), 'summary'],
      queryFn: async () => unwrap(await api.GET('/content/summary', { params: { query: { mpAccountId } } })),
    }),
};

export const useContentSummary = (mpAccountId: string) => useQuery(contentQueries.summary(mpAccountId));

export function useAudit(mpAccountId: string, page: number, scoreBelow: number | null) {
  return useQuery({ ...contentQueries.auditPage(mpAccountId, page, scoreBelow), placeholderData: (previous) => previous });
}

/** The drafts, newest first, read again while one of them is being published. */
export function useDrafts(mpAccountId: string, page: number, status: DraftStatus | null) {
  return useQuery({
    ...contentQueries.draftPage(mpAccountId, page, status),
    placeholderData: (previous) => previous,
    refetchInterval: pollWhile((drafts) => drafts?.items.some((draft) => inFlight(draft.status)) ?? false),
  });
}

/**
 * One draft, read again while it is being published; once the marketplace has answered, the lists and the summary
 * that count it are read again too.
 */
export function useDraft(mpAccountId: string, id: string) {
  const queryClient = useQueryClient();
  const draft = useQuery({
    ...contentQueries.draft(mpAccountId, id),
    refetchInterval: pollWhile((draft) => draft !== undefined && inFlight(draft.status)),
  });
  const status = draft.data?.status;
  const published = useRef(status);
  useEffect(() => {
    const was = published.current;
    published.current = status;
    if (was && status && inFlight(was) && !inFlight(status)) void contentChanged(queryClient, mpAccountId);
  }, [status, queryClient, mpAccountId]);
  return draft;
}

/** Everything a new draft or a publication changes: the drafts, the audit and the summary. */
export const contentChanged = (queryClient: ReturnType<typeof useQueryClient>, mpAccountId: string) =>
  invalidate(queryClient, [contentQueries.all(mpAccountId)]);

/** Starts preparing texts of the chosen cards; the answer is the job to follow. */
export function useGenerate(mpAccountId: string) {
  return useMutation({
    mutationFn: async (request: { nmIds: number[]; fields: ContentField[]; notes: string }) =>
      unwrap(
        await api.POST('/content/generate', {
          body: { mpAccountId, nmIds: request.nmIds, fields: request.fields, ...(request.notes && { notes: request.notes }) },
        }),
      ),
  });
}

/** Starts preparing the draft's card again with the seller's notes; the new draft supersedes this one. */
export function useRegenerate(id: string) {
  return useMutation({
    mutationFn: async (notes: string) =>
      unwrap(await api.POST('/content/drafts/{id}/regenerate', { params: { path: { id } }, body: notes ? { notes } : {} })),
  });
}

/** The seller's edits of the proposed texts; the draft comes back with its new score and issues. */
export function useEditDraft(mpAccountId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (proposed: ProposedPatch) =>
      unwrap(await api.PATCH('/content/drafts/{id}', { params: { path: { id } }, body: { proposed } })),
    onSuccess: (draft) => {
      queryClient.setQueryData(contentQueries.draft(mpAccountId, id).queryKey, draft);
      return invalidate(queryClient, [contentQueries.drafts(mpAccountId)]);
    },
  });
}

/** Approves the draft: its texts are sent to the marketplace, then checked after a delay. */
export function useApproveDraft(mpAccountId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await api.POST('/content/drafts/{id}/approve', { params: { path: { id } } })),
    onSettled: () => contentChanged(queryClient, mpAccountId),
  });
}
