import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { accountFileUpload } from '../../api/account-file-upload';
import { unwrap } from '../../api/api-error';
import { api } from '../../api/client';
import { invalidate } from '../../api/invalidate';
import type { components } from '../../api/schema';
import type { AbTestFields } from './ab-test-form';

export type AbTest = components['schemas']['AbTestResponseDto'];
export type AbTestResults = components['schemas']['AbTestResultsDto'];
export type VariantResult = AbTestResults['variants'][number];
export type AbTestRotation = components['schemas']['AbTestRotationDto'];
export type AbTestsSummary = components['schemas']['AbTestsSummaryDto'];
export type SummaryPeriod = AbTestsSummary['period'];
export type UploadedImage = components['schemas']['AbTestImageResponseDto'];
/** The actions of POST /ab-tests/:id/<action>. */
export type AbTestAction = 'start' | 'pause' | 'stop' | 'apply-winner' | 'restore';

export const PAGE_SIZE = 20;
/** How often a test that is scheduled or running is read again, with its results and rotations. */
const LIVE_POLL_MS = 5_000;

/** The states in which the rotation goes on (or is about to): what is shown of them changes without the seller. */
const isLive = (state: AbTest['state'] | undefined) => state === 'scheduled' || state === 'running';

/** A TanStack `refetchInterval`: read again while `live` holds of the data, never after a read failed. */
const pollWhileLive =
  <T>(live: (data: T | undefined) => boolean) =>
  (query: { state: { data: T | undefined; error: Error | null } }): number | false =>
    query.state.error || !live(query.state.data) ? false : LIVE_POLL_MS;

/** The A/B tests' queries of a cabinet; a key without a page is the prefix of every page of its list. */
export const abTestQueries = {
  all: (mpAccountId: string) => ['ab-tests', mpAccountId] as const,
  tests: (mpAccountId: string) => [...abTestQueries.all(mpAccountId), 'list'] as const,
  testPage: (mpAccountId: string, page: number) =>
    queryOptions({
      queryKey: [...abTestQueries.tests(mpAccountId), page],
      queryFn: async () => unwrap(await api.GET('/ab-tests', { params: { query: { mpAccountId, page, limit: PAGE_SIZE } } })),
    }),
  test: (mpAccountId: string, id: string) =>
    queryOptions({
      queryKey: [...abTestQueries.all(mpAccountId), 'test', id],
      queryFn: async () => unwrap(await api.GET('/ab-tests/{id}', { params: { path: { id } } })),
    }),
  results: (mpAccountId: string, id: string) =>
    queryOptions({
      queryKey: [...abTestQueries.all(mpAccountId), 'results', id],
      queryFn: async () => unwrap(await api.GET('/ab-tests/{id}/results', { params: { path: { id } } })),
    }),
  rotations: (mpAccountId: string, id: string) =>
    queryOptions({
      queryKey: [...abTestQueries.all(mpAccountId), 'rotations', id],
      queryFn: async () => unwrap(await api.GET('/ab-tests/{id}/rotations', { params: { path: { id } } })),
    }),
  summary: (mpAccountId: string, period: SummaryPeriod) =>
    queryOptions({
      queryKey: [...abTestQueries.all(mpAccountId), 'summary', period],
      queryFn: async () => unwrap(await api.GET('/ab-tests/summary', { params: { query: { mpAccountId, period } } })),
    }),
};

/** A page of the cabinet's tests, newest first, read again while one of them is scheduled or running. */
export function useAbTests(mpAccountId: string, page: number) {
  return useQuery({
    ...abTestQueries.testPage(mpAccountId, page),
    placeholderData: (previous) => previous,
    refetchInterval: pollWhileLive((tests) => tests?.items.some((test) => isLive(test.state)) ?? false),
  });
}

export function useAbTest(mpAccountId: string, id: string) {
  return useQuery({ ...abTestQueries.test(mpAccountId, id), refetchInterval: pollWhileLive((test) => isLive(test?.state)) });
}

/** A test's results by variant (none for a draft, which has measured nothing), read again while it runs. */
export function useAbTestResults(mpAccountId: string, id: string, enabled = true) {
  return useQuery({
    ...abTestQueries.results(mpAccountId, id),
    enabled,
    refetchInterval: pollWhileLive((results) => isLive(results?.state)),
  });
}

export function useAbTestRotations(mpAccountId: string, id: string, live: boolean) {
  return useQuery({ ...abTestQueries.rotations(mpAccountId, id), refetchInterval: live ? LIVE_POLL_MS : false });
}

export const useAbTestsSummary = (mpAccountId: string, period: SummaryPeriod) =>
  useQuery({ ...abTestQueries.summary(mpAccountId, period), placeholderData: (previous) => previous });

/** Uploads one variant's image. */
export function useUploadImage(mpAccountId: string) {
  return useMutation({
    mutationFn: async (file: File): Promise<UploadedImage> =>
      unwrap(await api.POST('/ab-test-images', accountFileUpload(mpAccountId, file))),
  });
}

/** A new test (a draft); the list and the summary are read again after. */
export function useCreateAbTest(mpAccountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fields: AbTestFields) => unwrap(await api.POST('/ab-tests', { body: { ...fields, mpAccountId } })),
    onSuccess: () => invalidate(queryClient, [abTestQueries.all(mpAccountId)]),
  });
}

/** Starts, pauses, stops a test, keeps its winner or restores the card's photos; everything of the cabinet's tests is read again. */
export function useAbTestAction(mpAccountId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: AbTestAction) => unwrap(await api.POST(`/ab-tests/{id}/${action}`, { params: { path: { id } } })),
    onSuccess: (test) => {
      queryClient.setQueryData(abTestQueries.test(mpAccountId, id).queryKey, test);
      return invalidate(queryClient, [abTestQueries.all(mpAccountId)]);
    },
  });
}
