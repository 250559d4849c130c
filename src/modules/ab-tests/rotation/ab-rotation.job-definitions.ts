import { MOSCOW_TZ } from '../../../common/time/moscow-time';
import type { AccountJobPayload } from '../../../queue/account-fan-out';
import { defineJob } from '../../../queue/job-definition';

export const AB_ROTATION_QUEUE = 'ab-tests';

/** One run of an account's A/B tests: all of them (the schedule's), or one test after a user's action or a switch. */
export interface AbRotationPayload extends AccountJobPayload {
  testId?: string;
  /** The user whose action the run carries out; absent for the worker's own runs. */
  userId?: string;
}

function isAbRotationPayload(payload: unknown): boolean {
  const candidate = payload as Partial<AbRotationPayload> | null | undefined;
  return (
    typeof candidate?.mpAccountId === 'string' &&
    (candidate.trigger === undefined || candidate.trigger === 'scheduled') &&
    (candidate.testId === undefined || typeof candidate.testId === 'string') &&
    (candidate.userId === undefined || typeof candidate.userId === 'string')
  );
}

/** Spec (A/B tests): the rotation of an account's tests: begin, check the card, pause, switch, complete, put back. */
export const AB_ROTATION_RUN_JOB = defineJob<AbRotationPayload>({
  name: 'ab-tests.rotation.run',
  queue: AB_ROTATION_QUEUE,
  attempts: 3,
  backoffMs: 30_000,
  failedMessage: 'Не удалось выполнить шаг A/B-теста',
  validate: isAbRotationPayload,
});

/** Every 5 minutes (:04, :09, …) a run per account with a scheduled, running or paused test (README: Schedules of an account). */
export const AB_ROTATION_SCHEDULE = defineJob<Record<string, never>>({
  name: 'ab-tests.rotation.schedule',
  queue: AB_ROTATION_QUEUE,
  schedule: { pattern: '4-59/5 * * * *', tz: MOSCOW_TZ },
});
