import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';

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
const DAY_MS = 86_400_000;

const KIND_OF: Record<keyof InboxSyncCounts, InboxKind> = { feedbacks: 'feedback', questions: 'question' };

/** One page of a list of the account, as rows. */
type ListPage = (query: TextListQuery) => Promise<InboxItemRow[]>;

function progressMessage(counts: InboxSyncCounts): string {
  return `Получено отзывов: ${counts.feedbacks}, вопросов: ${counts.questions}`;
}

const unixSeconds = (iso: string): number => Math.floor(Date.parse(iso) / 1000);

/**
 * Reads both lists of both kinds page by page and writes each page in one statement: every unanswered item, then the
 * answered ones created since the previous sync started, or since the oldest item that left the unanswered list
 * meanwhile (answered elsewhere), never earlier than 30 days back. Only reads: syncing never answers anything (Reply
 * rule 10).
 */
@Injectable()
export class InboxSyncWalker {
  constructor(
    private readonly client: MarketplaceClient,
    private readonly repository: InboxRepository,
  ) {}

  /** `previousStart`: when the account's previous complete sync started (Unix seconds), null on its first sync. */
  async walk(job: Job<AccountJobPayload>, previousStart: number | null, syncedAt: Date): Promise<InboxSyncCounts> {
    const accountId = job.data.mpAccountId;
    const counts: InboxSyncCounts = { feedbacks: 0, questions: 0 };
    const earliest = new Date(syncedAt.getTime() - ANSWERED_DAYS * DAY_MS);
    const lists: Record<keyof InboxSyncCounts, ListPage> = {
      feedbacks: async (query) =>
        (await this.client.call(feedbacksList, { accountId, onLongWait: 'delay-job' }, query)).body.data.feedbacks.map(feedbackRow),
      questions: async (query) =>
        (await this.client.call(questionsList, { accountId, onLongWait: 'delay-job' }, query)).body.data.questions.map(questionRow),
    };
    for (const kind of ['feedbacks', 'questions'] as const) {
      counts[kind] += await this.walkList(accountId, lists[kind], { isAnswered: false }, syncedAt);
      const left = await this.repository.oldestLeftUnanswered(accountId, KIND_OF[kind], syncedAt, earliest);
      const from = Math.min(previousStart ?? 0, left ? left.getTime() / 1000 : Infinity);
      const dateFrom = Math.floor(Math.max(from, earliest.getTime() / 1000));
      counts[kind] += await this.walkList(accountId, lists[kind], { isAnswered: true, dateFrom }, syncedAt);
      await reportProgress(job, { phase: 'running', message: progressMessage(counts), counters: { ...counts } });
    }
    return counts;
  }

  /** Reference 5.1-5.2: oldest first by skip and take until a short page; at the end of the skip window, on from the last item's second. */
  private async walkList(
    accountId: string,
    page: ListPage,
    query: { isAnswered: boolean; dateFrom?: number },
    syncedAt: Date,
  ): Promise<number> {
    let dateFrom = query.dateFrom;
    let skip = 0;
    let total = 0;
    for (;;) {
      const rows = await page({ ...query, take: PAGE, skip, order: 'dateAsc', dateFrom });
      await this.repository.upsert(accountId, rows, syncedAt);
      total += rows.length;
      if (rows.length < PAGE) return total;
      skip += rows.length;
      if (skip + PAGE > LIST_WINDOW) {
        // The items of the last second come again on the next page; the upsert keeps one row of each.
        const next = unixSeconds(rows[rows.length - 1].createdAt);
        if (next === dateFrom) return total;
        dateFrom = next;
        skip = 0;
      }
    }
  }
}
