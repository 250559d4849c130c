import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';

import { DAY_MS } from '../../../common/time/calendar-days';
import type { InboxKind } from '../../../database/schema';
import { MarketplaceClient } from '../../../marketplace/client/marketplace-client';
import { feedbacksList, questionsList, TextListQuery } from '../../../marketplace/endpoints/feedbacks';
import type { AccountJobPayload } from '../../../queue/account-fan-out';
import { reportProgress } from '../../../queue/job-progress';
import { feedbackRow, InboxItemRow, questionRow } from './inbox.mapping';
import { InboxRepository } from './inbox.repository';

/** Items asked for a page. */
const PAGE = 1000;
/** Reference 5.2: take + skip ≤ 10 000 for questions (feedbacks allow more); past it a list goes on from a later dateFrom. */
const LIST_WINDOW = 10_000;

/** How many items each list gave. */
export interface InboxSyncCounts {
  feedbacks: number;
  questions: number;
}

/** Answered items of at most this many last days (spec: Inbox). */
const ANSWERED_DAYS = 30;

const KIND_OF: Record<keyof InboxSyncCounts, InboxKind> = { feedbacks: 'feedback', questions: 'question' };

/** One page of a list of the account, as rows. */
type ListPage = (query: TextListQuery) => Promise<InboxItemRow[]>;

/** The lists in the order read: of each kind the unanswered items, then the answered ones. */
const LISTS = [
  { kind: 'feedbacks', isAnswered: false },
  { kind: 'feedbacks', isAnswered: true },
  { kind: 'questions', isAnswered: false },
  { kind: 'questions', isAnswered: true },
] as const;

/** Where a sync stands, kept in the job's data after every page: a delayed, retried or taken-over job goes on from here. */
export interface InboxSyncCheckpoint {
  /** When the sync began (ISO time): rows it wrote carry it, so an unanswered item it did not see again is told apart. */
  syncedAt: string;
  /** When the account's previous complete sync started (Unix seconds), null on its first sync. */
  previousStart: number | null;
  /** The list being read, an index of LISTS; LISTS.length when all are read. */
  list: number;
  /** The next page of the list: from this second (an answered list, or past the skip window) and after this many items. */
  dateFrom?: number;
  skip: number;
  counts: InboxSyncCounts;
}

export interface InboxSyncPayload extends AccountJobPayload {
  checkpoint?: InboxSyncCheckpoint;
}

function progressMessage(counts: InboxSyncCounts): string {
  return `Получено отзывов: ${counts.feedbacks}, вопросов: ${counts.questions}`;
}

const unixSeconds = (iso: string): number => Math.floor(Date.parse(iso) / 1000);

/** Where a list goes on after a page of `rows`, or null when the page ended it (reference 5.1-5.2). */
function nextPage(checkpoint: InboxSyncCheckpoint, rows: InboxItemRow[]): Pick<InboxSyncCheckpoint, 'dateFrom' | 'skip'> | null {
  if (rows.length < PAGE) return null;
  const skip = checkpoint.skip + rows.length;
  if (skip + PAGE <= LIST_WINDOW) return { dateFrom: checkpoint.dateFrom, skip };
  // The items of the last second come again on the next page; the upsert keeps one row of each.
  const dateFrom = unixSeconds(rows[rows.length - 1].createdAt);
  return dateFrom === checkpoint.dateFrom ? null : { dateFrom, skip: 0 };
}

/**
 * Reads both lists of both kinds page by page, oldest first by skip and take until a short page and, at the end of
 * the skip window, on from the last item's second, and writes each page in one statement: every unanswered item, then
 * the answered ones created since the previous sync started, or since the oldest item that left the unanswered list
 * meanwhile (answered elsewhere), never earlier than 30 days back. Only reads: syncing never answers anything (Reply
 * rule 10).
 */
@Injectable()
export class InboxSyncWalker {
  constructor(
    private readonly client: MarketplaceClient,
    private readonly repository: InboxRepository,
  ) {}

  /** `previousStart`: when the account's previous complete sync started (Unix seconds), asked only by a job that has no checkpoint yet. */
  async walk(job: Job<InboxSyncPayload>, previousStart: () => Promise<number | null>): Promise<InboxSyncCheckpoint> {
    const accountId = job.data.mpAccountId;
    let checkpoint = job.data.checkpoint ?? {
      syncedAt: new Date().toISOString(),
      previousStart: await previousStart(),
      list: 0,
      skip: 0,
      counts: { feedbacks: 0, questions: 0 },
    };
    const syncedAt = new Date(checkpoint.syncedAt);
    const lists: Record<keyof InboxSyncCounts, ListPage> = {
      feedbacks: async (query) =>
        (await this.client.call(feedbacksList, { accountId, onLongWait: 'delay-job' }, query)).body.data.feedbacks.map(feedbackRow),
      questions: async (query) =>
        (await this.client.call(questionsList, { accountId, onLongWait: 'delay-job' }, query)).body.data.questions.map(questionRow),
    };
    while (checkpoint.list < LISTS.length) {
      const { kind, isAnswered } = LISTS[checkpoint.list];
      const { dateFrom, skip } = checkpoint;
      const rows = await lists[kind]({ isAnswered, take: PAGE, skip, order: 'dateAsc', dateFrom });
      await this.repository.upsert(accountId, rows, syncedAt);
      const counts = { ...checkpoint.counts, [kind]: checkpoint.counts[kind] + rows.length };
      const next = nextPage(checkpoint, rows);
      checkpoint = next ? { ...checkpoint, ...next, counts } : await this.nextList(accountId, { ...checkpoint, counts });
      await job.updateData({ ...job.data, checkpoint });
      if (!next && isAnswered) await reportProgress(job, { phase: 'running', message: progressMessage(counts), counters: { ...counts } });
    }
    return checkpoint;
  }

  /** The next list from its start: an answered one from the second its items are asked since. */
  private async nextList(accountId: string, checkpoint: InboxSyncCheckpoint): Promise<InboxSyncCheckpoint> {
    const list = checkpoint.list + 1;
    if (list === LISTS.length || !LISTS[list].isAnswered) return { ...checkpoint, list, dateFrom: undefined, skip: 0 };
    const syncedAt = new Date(checkpoint.syncedAt);
    const earliest = new Date(syncedAt.getTime() - ANSWERED_DAYS * DAY_MS);
    const left = await this.repository.oldestLeftUnanswered(accountId, KIND_OF[LISTS[list].kind], syncedAt, earliest);
    const from = Math.min(checkpoint.previousStart ?? 0, left ? left.getTime() / 1000 : Infinity);
    return { ...checkpoint, list, dateFrom: Math.floor(Math.max(from, earliest.getTime() / 1000)), skip: 0 };
  }
}
