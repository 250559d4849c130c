import { useQuery } from '@tanstack/react-query';

import { unwrap } from './api-error';
import { api } from './client';
import { jobEnded } from './job-ended';
import { pollWhile } from './poll';
import type { paths } from './schema';

/** The routes that show one background job: the queue's job status, a content job, and the report of a bulk price change. */
type JobStatusPath =
  | '/digitization/import/status/{jobId}'
  | '/autoreply/sync/status/{jobId}'
  | '/autobidder/sync/status/{jobId}'
  | '/booking/sync/status/{jobId}'
  | '/inventory/sync/status/{jobId}'
  | '/accounting/reports/sync/status/{jobId}'
  | '/rnp/analytics/refresh/status/{jobId}'
  | '/content/jobs/{jobId}'
  | '/pricing/bulk/{id}';

export type JobStatusOf<P extends JobStatusPath> = paths[P]['get']['responses'][200]['content']['application/json'];

async function readJob<P extends JobStatusPath>(path: P, jobId: string): Promise<JobStatusOf<P>> {
  // openapi-fetch types a call by one literal path; the routes differ only in their answer and the parameter's name.
  const status =
    path === '/pricing/bulk/{id}'
      ? unwrap(await api.GET('/pricing/bulk/{id}', { params: { path: { id: jobId } } }))
      : unwrap(await api.GET(path as '/autoreply/sync/status/{jobId}', { params: { path: { jobId } } }));
  return status as JobStatusOf<P>;
}

/**
 * A job's status, read every second until the job ends or cannot be read; nothing is read without a job. `onFinished`
 * runs before an ended status is shown, so what the job wrote is read again by then.
 */
export function useJobStatus<P extends JobStatusPath>(
  path: P,
  jobId: string | undefined,
  { onFinished }: { onFinished?: (status: JobStatusOf<P>) => Promise<unknown> } = {},
) {
  return useQuery({
    queryKey: ['job', path, jobId],
    queryFn: async () => {
      const status = await readJob(path, jobId!);
      if (jobEnded(status)) await onFinished?.(status);
      return status;
    },
    enabled: jobId !== undefined,
    refetchInterval: pollWhile((status) => !jobEnded(status)),
  });
}
