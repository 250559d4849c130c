type JobState = 'pending' | 'active' | 'completed' | 'failed';

/** Spec: Background job status. The job ended: nothing more will change. A bulk price change names its state `status`. */
export const jobEnded = (job: { state: JobState } | { status: JobState } | undefined): boolean => {
  const state = job && ('state' in job ? job.state : job.status);
  return state === 'completed' || state === 'failed';
};
