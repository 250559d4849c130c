import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

import { accountFileUpload } from '../../api/account-file-upload';
import { unwrap } from '../../api/api-error';
import { api } from '../../api/client';
import { invalidate } from '../../api/invalidate';
import { pollWhile } from '../../api/poll';
import type { components, paths } from '../../api/schema';

type Schemas = components['schemas'];
export type ArticleFilter = Omit<NonNullable<paths['/knowledge-base/articles']['get']['parameters']['query']>, 'mpAccountId'>;
export type ArticleCreate = Omit<Schemas['KbArticleCreateDto'], 'mpAccountId'>;
export type ArticleUpdate = Schemas['KbArticleUpdateDto'];

const ARTICLES_PAGE = 20;
const VERSIONS_PAGE = 50;
const FLAGGED_PAGE = 20;
const DOCUMENTS_PAGE = 20;
const FOUND = 10;

/** The knowledge base's queries of a cabinet; a key without a page is the prefix of every page of its list. */
export const kbQueries = {
  all: (mpAccountId: string) => ['knowledge-base', mpAccountId] as const,
  articles: (mpAccountId: string) => [...kbQueries.all(mpAccountId), 'articles'] as const,
  articlePage: (mpAccountId: string, filter: ArticleFilter) =>
    queryOptions({
      queryKey: [...kbQueries.articles(mpAccountId), filter],
      queryFn: async () =>
        unwrap(await api.GET('/knowledge-base/articles', { params: { query: { mpAccountId, limit: ARTICLES_PAGE, ...filter } } })),
    }),
  versions: (mpAccountId: string, id: string) =>
    queryOptions({
      queryKey: [...kbQueries.articles(mpAccountId), 'versions', id],
      queryFn: async () =>
        unwrap(await api.GET('/knowledge-base/articles/{id}/versions', { params: { path: { id }, query: { limit: VERSIONS_PAGE } } })),
    }),
  documentPage: (mpAccountId: string, page: number) =>
    queryOptions({
      queryKey: [...kbQueries.all(mpAccountId), 'documents', page],
      queryFn: async () =>
        unwrap(await api.GET('/knowledge-base/documents', { params: { query: { mpAccountId, page, limit: DOCUMENTS_PAGE } } })),
    }),
  flagged: (mpAccountId: string) => [...kbQueries.all(mpAccountId), 'flagged'] as const,
  flaggedPage: (mpAccountId: string, page: number) =>
    queryOptions({
      queryKey: [...kbQueries.flagged(mpAccountId), page],
      queryFn: async () =>
        unwrap(await api.GET('/knowledge-base/flagged', { params: { query: { mpAccountId, page, limit: FLAGGED_PAGE } } })),
    }),
};

export function useArticles(mpAccountId: string, filter: ArticleFilter) {
  return useQuery({ ...kbQueries.articlePage(mpAccountId, filter), placeholderData: (previous) => previous });
}

export const useVersions = (mpAccountId: string, id: string) => useQuery(kbQueries.versions(mpAccountId, id));

export function useFlagged(mpAccountId: string, page: number) {
  return useQuery({ ...kbQueries.flaggedPage(mpAccountId, page), placeholderData: (previous) => previous });
}

const anyProcessing = (documents: { items: { status: string }[] } | undefined) =>
  documents?.items.some((document) => document.status === 'processing') ?? false;

/**
 * A page of the cabinet's documents, newest first, read again while one of them is being processed; once none is,
 * the suspicious fragments are read again (a document's text may have brought some).
 */
export function useDocuments(mpAccountId: string, page: number) {
  const queryClient = useQueryClient();
  const documents = useQuery({
    ...kbQueries.documentPage(mpAccountId, page),
    placeholderData: (previous) => previous,
    refetchInterval: pollWhile(anyProcessing),
  });
  const processing = anyProcessing(documents.data);
  const wasProcessing = useRef(false);
  useEffect(() => {
    if (wasProcessing.current && !processing) void invalidate(queryClient, [kbQueries.flagged(mpAccountId)]);
    wasProcessing.current = processing;
  }, [processing, queryClient, mpAccountId]);
  return documents;
}

/** Uploads a document of the whole cabinet; its text is read in the background. */
export function useUploadDocument(mpAccountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => unwrap(await api.POST('/knowledge-base/documents', accountFileUpload(mpAccountId, file))),
    onSuccess: () => invalidate(queryClient, [kbQueries.all(mpAccountId)]),
  });
}

/** Deletes a document: search finds its fragments no more. */
export function useDeleteDocument(mpAccountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await api.DELETE('/knowledge-base/documents/{id}', { params: { path: { id } } })),
    onSuccess: () => invalidate(queryClient, [kbQueries.all(mpAccountId)]),
  });
}

/** A new article, or a new version of one; the lists (and what search finds) are read again after. */
export function useSaveArticle(mpAccountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (save: { id: string; fields: ArticleUpdate } | { id: null; fields: ArticleCreate }) =>
      unwrap(
        save.id === null
          ? await api.POST('/knowledge-base/articles', { body: { ...save.fields, mpAccountId } })
          : await api.PATCH('/knowledge-base/articles/{id}', { params: { path: { id: save.id } }, body: save.fields }),
      ),
    onSuccess: () => invalidate(queryClient, [kbQueries.all(mpAccountId)]),
  });
}

/** The fragments that best match the query, each with its source. */
export function useKbSearch(mpAccountId: string) {
  return useMutation({
    mutationFn: async (q: string) => unwrap(await api.POST('/knowledge-base/search', { body: { mpAccountId, q, limit: FOUND } })),
  });
}
