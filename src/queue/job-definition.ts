/** A background job declared as data: a dotted name, the queue it runs on, and its retry policy. */
export interface JobDefinition<P> {
  name: string;
  queue: string;
  attempts?: number;
  /** Exponential pause of the first retry. */
  backoffMs?: number;
  /** A BullMQ job scheduler: fires once per tick across all replicas. */
  schedule?: { pattern: string; tz: string };
  /** What the progress and the failure handler say when the job fails on an error that carries no message for the user. */
  failedMessage?: string;
  /** Phantom field carrying the payload type. */
  readonly payload?: P;
}

export function defineJob<P>(definition: Omit<JobDefinition<P>, 'payload'>): JobDefinition<P> {
  return definition;
}

/** Spec: Schedules. Marketplace times are Moscow time. */
export const MOSCOW_TZ = 'Europe/Moscow';
