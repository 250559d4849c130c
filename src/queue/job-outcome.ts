import { DelayedError, Job, UnrecoverableError } from 'bullmq';

import { AppError } from '../common/errors/app-error';
import { toAppError } from '../common/errors/to-app-error';
import { moscowTime } from '../shared/format';
import { AccountBusy } from './account-jobs';
import { isLastAttempt, retryDelayMs } from './job-attempts';
import type { DiscoveredJob } from './job-discovery.service';
import { reportProgress } from './job-progress';

/** What an error may tell the queue about its job; the errors of other layers (the marketplace client's) implement it. */
export interface JobErrorTraits {
  /** When the job goes on without using an attempt (a long wait for a rate token), or undefined. */
  delaysJob?(): number | undefined;
  /** No retry can cure it: the job ends at once. */
  readonly incurable?: boolean;
}

function traitsOf(error: unknown): JobErrorTraits {
  return typeof error === 'object' && error !== null ? (error as JobErrorTraits) : {};
}

/** Whether this error ends the job for good: neither a delay (a busy account, a long token wait) nor a retry follows. */
export function endsJob(job: Job, error: unknown): boolean {
  if (error instanceof AccountBusy) return false;
  const traits = traitsOf(error);
  if (traits.delaysJob?.() !== undefined) return false;
  return traits.incurable === true || isLastAttempt(job);
}

/** What a failed job says: the error's own public message, else the job's failure message. */
export function failureMessage(error: unknown, failedMessage: string | undefined): string {
  return error instanceof AppError ? error.message : (failedMessage ?? toAppError(error).message);
}

/** A delay moves the job to delayed; the phase follows the move, so that whoever reads the phase finds the job delayed. */
async function delay(job: Job, token: string | undefined, resumeAtMs: number, busy?: AccountBusy): Promise<never> {
  await job.moveToDelayed(resumeAtMs, token);
  const resumeAt = new Date(resumeAtMs);
  const retry = busy?.retry ? `, попытка ${busy.retry.made} из ${busy.retry.max}` : '';
  await reportProgress(job, {
    phase: busy ? 'waiting-account' : 'rate-limited',
    message: busy
      ? `Ждём окончания другой задачи этого кабинета, повтор в ${moscowTime(resumeAt)} (МСК)${retry}`
      : `Лимит запросов маркетплейса: продолжим в ${moscowTime(resumeAt)} (МСК)`,
    resumeAt,
  });
  throw new DelayedError();
}

/**
 * Turns what a job threw into what BullMQ should do (spec: Job level): a long rate wait or a busy account moves
 * the job to delayed without using an attempt; an error no retry can cure ends the job at once; anything else is
 * retried by the job's own policy. The progress shows retrying or failed, and a failure that ends the job goes to
 * the job's failure handler. What BullMQ keeps as the failure reason (shown by the job status and the queue board)
 * is the public message only: never a database error's statement or parameters.
 */
export async function settleJobError(job: Job, token: string | undefined, error: unknown, discovered: DiscoveredJob): Promise<never> {
  if (error instanceof AccountBusy) return delay(job, token, error.resumeAtMs, error);
  const traits = traitsOf(error);
  const resumeAtMs = traits.delaysJob?.();
  if (resumeAtMs !== undefined) return delay(job, token, resumeAtMs);
  const incurable = traits.incurable === true;
  const message = failureMessage(error, discovered.definition.failedMessage);
  if (endsJob(job, error)) {
    await discovered.failed?.(job, message);
    await reportProgress(job, { phase: 'failed', message });
  } else {
    const resumeAt = new Date(Date.now() + retryDelayMs(job));
    await reportProgress(job, { phase: 'retrying', message: `${message}. Повторим в ${moscowTime(resumeAt)} (МСК)`, resumeAt });
  }
  if (incurable) throw new UnrecoverableError(toAppError(error).message);
  // The cause stays in the process for the log line (errorSummary); BullMQ stores only the message and its own stack.
  throw new Error(toAppError(error).message, { cause: error });
}
