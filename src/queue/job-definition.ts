import type { AppConfig } from '../config/app-config';

/**
 * A cron pattern in a time zone, or an interval the configuration gives (read when the schedules are registered) whose
 * ticks fall offsetMs after the interval's multiples (since the epoch), so that they keep off other schedules' minutes.
 */
export type JobSchedule = { pattern: string; tz: string } | { every: (config: AppConfig) => number; offsetMs: number };

/** A background job declared as data: a dotted name, a version, the queue it runs on, its retry policy and its payload's check. */
export interface JobDefinition<P> {
  name: string;
  /** Raised when the payload changes shape; named when a payload fails the check. */
  version: number;
  queue: string;
  attempts?: number;
  /** Exponential pause of the first retry. */
  backoffMs?: number;
  /**
   * A scheduled job that finds its account's lease taken tries again delayMs later, up to `tries` times, before it ends
   * skipped: for the jobs of schedules whose next tick is over 30 minutes away.
   */
  busyRetries?: { tries: number; delayMs: number };
  /** A BullMQ job scheduler: fires once per tick across all replicas. */
  schedule?: JobSchedule;
  /** What the progress and the failure handler say when the job fails on an error that carries no message for the user. */
  failedMessage?: string;
  /** Checked when the job is enqueued and again before it runs (a payload of another build ends the job at once). */
  validate?: (payload: unknown) => boolean;
  /** Phantom field carrying the payload type. */
  readonly payload?: P;
}

/** Spec: Job level. Every long sync of one account retries 5 times, pauses from 60 s doubling (60, 120, 240, 480 s). */
export const LONG_SYNC_RETRIES: Pick<JobDefinition<unknown>, 'attempts' | 'backoffMs'> = { attempts: 5, backoffMs: 60_000 };

/**
 * The job of a daily schedule (nightly import, cards sync) that finds its account busy does not wait a day for the next
 * tick: it tries again 5 minutes later, 6 times (half an hour).
 */
export const DAILY_SCHEDULE_BUSY_RETRIES: Pick<JobDefinition<unknown>, 'busyRetries'> = { busyRetries: { tries: 6, delayMs: 5 * 60_000 } };

const definitions = new Map<string, JobDefinition<unknown>>();

/** Declares a job (version 1 unless given); the worker refuses to start while a job of a queue it works has no handler. */
export function defineJob<P>(definition: Omit<JobDefinition<P>, 'payload' | 'version'> & { version?: number }): JobDefinition<P> {
  const defined: JobDefinition<P> = { version: 1, ...definition };
  definitions.set(defined.name, defined);
  return defined;
}

export function definedJobs(): JobDefinition<unknown>[] {
  return [...definitions.values()];
}

/** Why the payload fails the definition's check, or null when it fits. */
export function payloadProblem(definition: JobDefinition<unknown>, payload: unknown): string | null {
  return definition.validate && !definition.validate(payload)
    ? `The payload of job ${definition.name} does not fit version ${definition.version}`
    : null;
}
