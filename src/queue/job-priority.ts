import { AsyncLocalStorage } from 'node:async_hooks';

/** Spec: Job level. User jobs take priority over scheduled ones, on every queue (BullMQ serves lower numbers first). */
export const USER_JOB_PRIORITY = 1;
export const SCHEDULED_JOB_PRIORITY = 10;

/** Whether the job whose handler is running was scheduled: what it enqueues belongs to the scheduled run. */
const runningScheduled = new AsyncLocalStorage<boolean>();

export function runJobHandler<T>(scheduled: boolean, handler: () => Promise<T>): Promise<T> {
  return runningScheduled.run(scheduled, handler);
}

/**
 * A job is scheduled when a schedule's tick enqueues it (directly or through a fan-out) or its payload says
 * `trigger: 'scheduled'`; anything else was started by a user and goes ahead of every scheduled job waiting.
 */
export function priorityOf(payload: unknown): number {
  const marked = (payload as { trigger?: unknown } | null | undefined)?.trigger === 'scheduled';
  return marked || runningScheduled.getStore() === true ? SCHEDULED_JOB_PRIORITY : USER_JOB_PRIORITY;
}
