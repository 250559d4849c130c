import type { JobState } from 'bullmq';

/** Spec: States / Background job. The four states every job status shows. */
export type PublicJobState = 'pending' | 'active' | 'completed' | 'failed';

/** The one mapping from BullMQ's states to the spec's. */
export function toPublicJobState(state: JobState | 'unknown'): PublicJobState {
  switch (state) {
    case 'active':
      return 'active';
    case 'completed':
      return 'completed';
    case 'failed':
      return 'failed';
    default:
      return 'pending';
  }
}
