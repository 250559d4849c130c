import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';

import { MOSCOW_TZ } from '../../common/time/moscow-time';
import { AccountFanOut, isAccountJobPayload } from '../../queue/account-fan-out';
import { defineJob, LONG_SYNC_RETRIES } from '../../queue/job-definition';
import { JobFailedHandler, JobHandler } from '../../queue/job-handler.decorator';
import { QueueService } from '../../queue/queue.service';
import { AccountSyncOutcome, AccountSyncRunner } from '../../sync-state/account-sync-runner';
import type { SyncKind, SyncResume } from '../../sync-state/account-sync-states';
import { Publication, ReplyDraftRow, ReplyDraftsRepository } from './drafts/reply-drafts.repository';
import { ReplyPublisher, ReplyPublishOutcome } from './drafts/reply-publisher';
import { InboxSyncCounts, InboxSyncPayload, InboxSyncWalker } from './inbox/inbox-sync-walker';

export const AUTOREPLY_SYNC_QUEUE = 'autoreply-sync';

const QUEUED_MESSAGE = 'Синхронизация отзывов и вопросов в очереди';
const FAILED_MESSAGE = 'Не удалось получить отзывы и вопросы с маркетплейса';

export const AUTOREPLY_SYNC_JOB = defineJob<InboxSyncPayload>({
  name: 'autoreply.sync',
  queue: AUTOREPLY_SYNC_QUEUE,
  ...LONG_SYNC_RETRIES,
  failedMessage: FAILED_MESSAGE,
  validate: isAccountJobPayload,
});

/** Feedbacks and questions of every active account every 10 minutes, at :02, :12, … (spec: Inbox; README: Schedules of an account). */
export const AUTOREPLY_SYNC_SCHEDULE = defineJob<Record<string, never>>({
  name: 'autoreply.sync.schedule',
  queue: AUTOREPLY_SYNC_QUEUE,
  schedule: { pattern: '2-59/10 * * * *', tz: MOSCOW_TZ },
});

export interface ReplyPublishPayload extends Publication {
  /** Who queued it, for the audit log. */
  userId: string | null;
}

function isReplyPublishPayload(payload: unknown): payload is ReplyPublishPayload {
  const candidate = payload as Partial<ReplyPublishPayload> | null;
  return (
    typeof candidate?.draftId === 'string' &&
    Number.isInteger(candidate.publication) &&
    (candidate.userId === null || typeof candidate.userId === 'string')
  );
}

/**
 * Spec: Reply rule 2. A short queue like the bulk price one: no account lease, and a token wait stays within the
 * client's ceiling. A check that blocks the text ends the job without a retry.
 */
export const REPLY_PUBLISH_JOB = defineJob<ReplyPublishPayload>({
  name: 'autoreply.publish',
  queue: 'autoreply-publish',
  attempts: 3,
  backoffMs: 5000,
  failedMessage: 'Не удалось опубликовать ответ',
  validate: isReplyPublishPayload,
});

/**
 * The job of a draft's current publication: its id (a draft queued again gets a new one, a repeated enqueue of the
 * same does not), and for a draft held until scheduledAt the delay until then.
 */
export function publicationJob(
  draft: Pick<ReplyDraftRow, 'id' | 'publication' | 'scheduledAt'>,
  userId: string | null,
  now = Date.now(),
): { payload: ReplyPublishPayload; options: { jobId: string; delay: number } } {
  const payload = { draftId: draft.id, publication: draft.publication, userId };
  const delay = draft.scheduledAt ? Math.max(0, draft.scheduledAt.getTime() - now) : 0;
  return { payload, options: { jobId: `${draft.id}-${draft.publication}`, delay } };
}

/** A pending draft older than this without its job was left by a crash between queueing it and enqueueing its job. */
const SWEEP_AFTER_MS = 60_000;

/** Every minute: a pending draft whose job a crash never enqueued gets it (a held one, delayed until its time). */
export const REPLY_PUBLISH_SWEEP = defineJob<Record<string, never>>({
  name: 'autoreply.publish.sweep',
  queue: REPLY_PUBLISH_JOB.queue,
  schedule: { pattern: '* * * * *', tz: MOSCOW_TZ },
});

/** The inbox's per-account sync state; its resume point is where the next sync's answered lists start. */
export const INBOX_SYNC: SyncKind = {
  kind: 'inbox',
  jobs: [AUTOREPLY_SYNC_JOB],
  queuedMessage: QUEUED_MESSAGE,
  runningMessage: 'Синхронизация отзывов и вопросов идёт',
  startedMessage: 'Синхронизация отзывов и вопросов начата',
  failedMessage: FAILED_MESSAGE,
};

interface InboxResume {
  /** When the last complete sync started, Unix seconds: the next one asks for answered items created since. */
  startedAt: number;
}

export interface InboxSyncResult extends InboxSyncCounts {
  message: string;
}

@Injectable()
export class AutoreplyJobs {
  constructor(
    private readonly runner: AccountSyncRunner,
    private readonly walker: InboxSyncWalker,
    private readonly fanOut: AccountFanOut,
    private readonly publisher: ReplyPublisher,
    private readonly drafts: ReplyDraftsRepository,
    private readonly queues: QueueService,
  ) {}

  /** Every unanswered item and the answered ones since the previous sync; the next sync goes on from this one's start. */
  @JobHandler(AUTOREPLY_SYNC_JOB)
  sync(_payload: InboxSyncPayload, job: Job<InboxSyncPayload>): Promise<AccountSyncOutcome<InboxSyncResult>> {
    return this.runner.run(job, INBOX_SYNC, async (_job, resume: SyncResume<InboxResume>) => {
      const { counts, syncedAt } = await this.walker.walk(job, async () => (await resume.load())?.startedAt ?? null);
      await resume.save({ startedAt: Math.floor(Date.parse(syncedAt) / 1000) });
      const message = `Синхронизация завершена: отзывов ${counts.feedbacks}, вопросов ${counts.questions}`;
      return { result: { ...counts, message }, parts: ['inbox'], counters: { ...counts } };
    });
  }

  @JobHandler(AUTOREPLY_SYNC_SCHEDULE)
  schedule(): Promise<{ accounts: number }> {
    return this.fanOut.fanOutPerAccount(AUTOREPLY_SYNC_JOB);
  }

  @JobHandler(REPLY_PUBLISH_JOB)
  publish(payload: ReplyPublishPayload, job: Job<ReplyPublishPayload>): Promise<ReplyPublishOutcome> {
    return this.publisher.publish(payload, job);
  }

  /**
   * Enqueues the job of every draft pending for over a minute. A job that exists (waiting, delayed for its hold or its
   * retry, or done) keeps its id, so BullMQ adds nothing; only a draft that a crash left pending without a job gets
   * one, delayed until the end of its hold, which the job checks again.
   */
  @JobHandler(REPLY_PUBLISH_SWEEP)
  async sweepPublications(): Promise<{ pending: number }> {
    const drafts = await this.drafts.pendingSince(new Date(Date.now() - SWEEP_AFTER_MS));
    for (const draft of drafts) {
      const { payload, options } = publicationJob(draft, null);
      await this.queues.enqueue(REPLY_PUBLISH_JOB, payload, options);
    }
    return { pending: drafts.length };
  }

  @JobFailedHandler(REPLY_PUBLISH_JOB)
  publishFailed(job: Job<ReplyPublishPayload>, message: string): Promise<void> {
    return this.publisher.failed(job.data, message, job);
  }
}
