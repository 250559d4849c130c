import { jobEnded, type JobState, jobState } from '../api/job-ended';
import type { components } from '../api/schema';

type JobStatus = components['schemas']['JobStatusDto'];
type Phase = components['schemas']['JobProgressDto']['phase'];

/** A job the app follows: a queue job's status, or the report of a bulk price change (its state named `status`, no progress). */
export type FollowedJob = Pick<JobStatus, 'state' | 'progress' | 'failedReason'> | { status: JobState };

/** Spec: States, Background job. The phases of a job as the seller reads them. */
export const PHASE_TEXT: Record<Phase, string> = {
  queued: 'В очереди',
  'waiting-account': 'Ждёт другую задачу кабинета',
  running: 'Идёт',
  'rate-limited': 'Пауза: лимит запросов маркетплейса',
  retrying: 'Повтор после ошибки',
  completed: 'Завершено',
  failed: 'Не завершено',
};

/** The phase of a job that tells none of its own: the one its state names. */
const STATE_PHASE: Record<JobState, Phase> = { pending: 'queued', active: 'running', completed: 'completed', failed: 'failed' };

/** What a followed job shows; a job not read yet (undefined) has just been queued. */
export interface JobProgressView {
  state: JobState;
  ended: boolean;
  phase: Phase;
  /** Why it failed once it did, else its latest message; null when it told nothing. */
  message: string | null;
  /** When a waiting job goes on; null once it ended. */
  resumeAt: string | null;
  attempt: { attempt: number; maxAttempts: number } | null;
}

export function jobProgressView(job: FollowedJob | undefined): JobProgressView {
  const state = job ? jobState(job) : 'pending';
  const ended = jobEnded(job);
  const progress = job && 'progress' in job ? job.progress : null;
  const failedReason = job && 'failedReason' in job && state === 'failed' ? job.failedReason : null;
  return {
    state,
    ended,
    phase: ended || !progress ? STATE_PHASE[state] : progress.phase,
    message: failedReason ?? progress?.message ?? null,
    resumeAt: ended ? null : (progress?.resumeAt ?? null),
    attempt: progress && { attempt: progress.attempt, maxAttempts: progress.maxAttempts },
  };
}

/** Whole seconds left until `resumeAt` (rounded up, never below zero), or null when the job is not waiting. */
export function secondsUntil(resumeAt: string | null, nowMs: number): number | null {
  if (resumeAt === null) return null;
  return Math.max(0, Math.ceil((Date.parse(resumeAt) - nowMs) / 1000));
}

/** A countdown as minutes and seconds: 0:07, 4:00. */
export function countdownText(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
