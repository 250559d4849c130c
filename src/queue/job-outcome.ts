import { DelayedError, Job, UnrecoverableError } from 'bullmq';

import { toAppError } from '../common/errors/to-app-error';
import { MarketplaceCallError, RateLimitDelay } from '../marketplace/client/marketplace-errors';
import { AccountBusy } from './account-jobs';
import { moscowClock, reportProgress } from './job-progress';

/**
 * Turns what a job threw into what BullMQ should do (spec: Job level): a long rate wait or a busy account moves
 * the job to delayed without using an attempt; a marketplace error no retry can cure ends the job at once.
 * Anything else is retried by the job's own policy. What BullMQ keeps as the failure reason (shown by the job
 * status and the queue board) is the public message only: never a database error's statement or parameters.
 */
export async function settleJobError(job: Job, token: string | undefined, error: unknown): Promise<never> {
  if (error instanceof RateLimitDelay || error instanceof AccountBusy) {
    const resumeAt = new Date(error.resumeAtMs);
    const waitingForAccount = error instanceof AccountBusy;
    await reportProgress(job, {
      phase: waitingForAccount ? 'waiting-account' : 'rate-limited',
      message: waitingForAccount
        ? `Ждём окончания другой задачи этого кабинета, повтор в ${moscowClock(resumeAt)} (МСК)`
        : `Лимит запросов маркетплейса: продолжим в ${moscowClock(resumeAt)} (МСК)`,
      resumeAt,
    });
    await job.moveToDelayed(error.resumeAtMs, token);
    throw new DelayedError();
  }
  if (error instanceof MarketplaceCallError && !error.curable) throw new UnrecoverableError(error.message);
  // The cause stays in the process for the log line (errorSummary); BullMQ stores only the message and its own stack.
  throw new Error(toAppError(error).message, { cause: error });
}
