import { MOSCOW_TZ } from '../../../common/time/moscow-time';
import { AccountJobPayload, isAccountJobPayload } from '../../../queue/account-fan-out';
import { DAILY_SCHEDULE_BUSY_RETRIES, defineJob, LONG_SYNC_RETRIES } from '../../../queue/job-definition';
import type { SyncKind } from '../../../sync-state/account-sync-states';
import { IMPORT_MESSAGES } from './import-messages';

export const DIGITIZATION_QUEUE = 'digitization';

/** An import a user started: who hears of its end (null for a scheduled one: the account owner). */
export interface UserImportPayload extends AccountJobPayload {
  userId: string | null;
}

export interface FeedImportPayload extends UserImportPayload {
  dateFrom: string;
}

export interface ReportImportPayload extends UserImportPayload {
  dateFrom: string;
  dateTo: string;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

function isUserImportPayload(payload: unknown): payload is UserImportPayload {
  const userId = (payload as Partial<UserImportPayload> | null)?.userId;
  return isAccountJobPayload(payload) && (userId === null || typeof userId === 'string');
}

const IMPORT_RETRIES = { queue: DIGITIZATION_QUEUE, ...LONG_SYNC_RETRIES, failedMessage: IMPORT_MESSAGES.failed };

/** POST /digitization/import: orders, then sales and returns, changed since dateFrom. */
export const DIGITIZATION_IMPORT_JOB = defineJob<FeedImportPayload>({
  name: 'digitization.import',
  ...IMPORT_RETRIES,
  validate: (payload) => isUserImportPayload(payload) && isText((payload as FeedImportPayload).dateFrom),
});

/** POST /digitization/financial-report/import: the realisation report of a period. */
export const DIGITIZATION_REPORT_JOB = defineJob<ReportImportPayload>({
  name: 'digitization.report',
  ...IMPORT_RETRIES,
  validate: (payload) =>
    isUserImportPayload(payload) && isText((payload as ReportImportPayload).dateFrom) && isText((payload as ReportImportPayload).dateTo),
});

/** The nightly full digitisation of one account: 90 days of orders and sales, the closed weeks of the report not yet imported. */
export const DIGITIZATION_NIGHTLY_JOB = defineJob<AccountJobPayload>({
  name: 'digitization.nightly',
  ...IMPORT_RETRIES,
  ...DAILY_SCHEDULE_BUSY_RETRIES,
  validate: isAccountJobPayload,
});

/** The increment tier of one account: orders and sales changed since the last lastChangeDate seen. */
export const DIGITIZATION_INCREMENT_JOB = defineJob<AccountJobPayload>({
  name: 'digitization.increment',
  ...IMPORT_RETRIES,
  validate: isAccountJobPayload,
});

/** Spec: Schedules. Digitisation daily at 00:00 Moscow time. */
export const DIGITIZATION_NIGHTLY_SCHEDULE = defineJob<Record<string, never>>({
  name: 'digitization.nightly.schedule',
  queue: DIGITIZATION_QUEUE,
  schedule: { pattern: '0 0 * * *', tz: MOSCOW_TZ },
});

/** Spec: Schedules. The increment tier every DIGITIZATION_INCREMENT_INTERVAL_MS, 3 minutes past its multiples (:03 and :33 by default). */
export const DIGITIZATION_INCREMENT_SCHEDULE = defineJob<Record<string, never>>({
  name: 'digitization.increment.schedule',
  queue: DIGITIZATION_QUEUE,
  schedule: { every: (config) => config.queues.digitizationIncrementIntervalMs, offsetMs: 3 * 60_000 },
});

/** Every job of an import, the ones a status route shows. */
export const IMPORT_JOBS = [DIGITIZATION_IMPORT_JOB, DIGITIZATION_REPORT_JOB, DIGITIZATION_NIGHTLY_JOB, DIGITIZATION_INCREMENT_JOB];

/** The imports' per-account state; its resume point, where the increment tier goes on, is the last lastChangeDate seen of each feed. */
export const DIGITIZATION_SYNC: SyncKind = {
  kind: 'digitization',
  jobs: IMPORT_JOBS,
  queuedMessage: 'Импорт в очереди',
  runningMessage: 'Импорт идёт',
  startedMessage: 'Импорт начат',
  failedMessage: IMPORT_MESSAGES.failed,
};
