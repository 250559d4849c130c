export type JobState = 'pending' | 'active' | 'completed' | 'failed';

/** A job as a status route shows it. A bulk price change names its state `status`. */
export type JobOfState = { state: JobState } | { status: JobState };

/** Spec: Background job status. The job's state, whichever name its route gives it. */
export const jobState = (job: JobOfState): JobState => ('state' in job ? job.state : job.status);

/** The job ended: nothing more will change. */
export const jobEnded = (job: JobOfState | undefined): boolean => {
  const state = job && jobState(job);
  return state === 'completed' || state === 'failed';
};
