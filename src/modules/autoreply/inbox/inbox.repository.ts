import { Inject, Injectable } from '@nestjs/common';
import { and, count, eq, gte, inArray, isNotNull, isNull, lt, lte, min, or, SQL, sql } from 'drizzle-orm';

import type { DataScope } from '../../../common/auth/data-scope';
import type { Page } from '../../../common/http/pagination.dto';
import { DATABASE, Database } from '../../../database/database.tokens';
import { escapeLike } from '../../../database/like';
import { sortedPage, SortedPageRequest } from '../../../database/query-page';
import { inboxItems, InboxKind, replyDrafts } from '../../../database/schema';
import type { InboxItemRow } from './inbox.mapping';

export type InboxItemRecord = typeof inboxItems.$inferSelect;
export type ReplyDraftRecord = typeof replyDrafts.$inferSelect;
/** Spec: States, inbox labels. */
export const INBOX_LABELS = ['waiting', 'answered', 'skipped'] as const;
export type InboxLabel = (typeof INBOX_LABELS)[number];

/** An inbox item with its reply draft, if it has one. */
export interface InboxEntry {
  item: InboxItemRecord;
  draft: ReplyDraftRecord | null;
}

/**
 * answered: an answer on the marketplace (ours once sent); skipped: our draft ended in error; waiting: anything else
 * (no draft yet, a draft, or one queued).
 */
const LABEL_CONDITIONS: Record<InboxLabel, SQL> = {
  answered: or(isNotNull(inboxItems.answerText), eq(replyDrafts.status, 'sent'))!,
  skipped: and(isNull(inboxItems.answerText), eq(replyDrafts.status, 'error'))!,
  waiting: and(isNull(inboxItems.answerText), or(isNull(replyDrafts.status), inArray(replyDrafts.status, ['draft', 'pending'])))!,
};

const DRAFT_OF_ITEM = eq(replyDrafts.inboxItemId, inboxItems.id);

const SORT_COLUMNS = { createdAt: inboxItems.createdAt, rating: inboxItems.rating };

/** Exactly the expression of inbox_items_search_trgm_idx, so that the planner serves q from the trigram index. */
const SEARCH_TEXT = sql`lower(${inboxItems.text} || ' ' || ${inboxItems.pros} || ' ' || ${inboxItems.cons} || ' ' || ${inboxItems.productName})`;

/** The inbox of an account, narrowed by the list's filters, in one order. */
export interface InboxListFilter extends Pick<DataScope, 'accountId'>, SortedPageRequest<keyof typeof SORT_COLUMNS> {
  kind?: InboxKind;
  label?: InboxLabel;
  ratingMin?: number;
  ratingMax?: number;
  nmId?: number;
  q?: string;
}

/** Every query of the inbox items. */
@Injectable()
export class InboxRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * One page of items in one statement, keyed by the marketplace id: a re-sync updates the row. An answer once seen
   * stays (publishing is irreversible), even when a list read before it still shows the item unanswered.
   */
  async upsert(accountId: string, rows: InboxItemRow[], syncedAt: Date): Promise<void> {
    if (rows.length === 0) return;
    await this.db.execute(sql`
      INSERT INTO inbox_items (mp_account_id, kind, mp_id, rating, text, pros, cons, nm_id, product_name, brand, supplier_article,
        created_at, answer_text, answered_at, synced_at)
      SELECT ${accountId}::uuid, r.kind, r."mpId", r.rating, r.text, r.pros, r.cons, r."nmId", r."productName", r.brand,
        r."supplierArticle", r."createdAt", r."answerText", r."answeredAt", ${syncedAt.toISOString()}::timestamptz
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS r(kind text, "mpId" text, rating integer, text text, pros text, cons text, "nmId" bigint, "productName" text, brand text,
          "supplierArticle" text, "createdAt" timestamptz, "answerText" text, "answeredAt" timestamptz)
      ON CONFLICT (mp_account_id, kind, mp_id) DO UPDATE SET
        rating = EXCLUDED.rating, text = EXCLUDED.text, pros = EXCLUDED.pros, cons = EXCLUDED.cons, nm_id = EXCLUDED.nm_id,
        product_name = EXCLUDED.product_name, brand = EXCLUDED.brand, supplier_article = EXCLUDED.supplier_article,
        created_at = EXCLUDED.created_at,
        answer_text = COALESCE(EXCLUDED.answer_text, inbox_items.answer_text),
        answered_at = COALESCE(EXCLUDED.answered_at, inbox_items.answered_at),
        synced_at = EXCLUDED.synced_at, updated_at = now()`);
  }

  /**
   * When the oldest item of the kind created from `since` was written, still unanswered, by an earlier sync than the
   * one of `syncedAt`: it has left the unanswered list since (answered or rejected on the marketplace).
   */
  async oldestLeftUnanswered(accountId: string, kind: InboxKind, syncedAt: Date, since: Date): Promise<Date | null> {
    const [row] = await this.db
      .select({ createdAt: min(inboxItems.createdAt) })
      .from(inboxItems)
      .where(
        and(
          eq(inboxItems.mpAccountId, accountId),
          eq(inboxItems.kind, kind),
          isNull(inboxItems.answerText),
          lt(inboxItems.syncedAt, syncedAt),
          gte(inboxItems.createdAt, since),
        ),
      );
    return row?.createdAt ?? null;
  }

  /** An item of the account, or undefined when it is missing or another account's (the reply routes answer 404 then). */
  async findOfAccount(mpAccountId: string, id: string): Promise<InboxItemRecord | undefined> {
    const [row] = await this.db
      .select()
      .from(inboxItems)
      .where(and(eq(inboxItems.id, id), eq(inboxItems.mpAccountId, mpAccountId)));
    return row;
  }

  /** The answer the marketplace showed when asked outside a sync; an answer once stored stays. */
  async recordAnswer(id: string, answer: { text: string; answeredAt: string | null }): Promise<void> {
    await this.db
      .update(inboxItems)
      .set({ answerText: answer.text, answeredAt: answer.answeredAt === null ? null : new Date(answer.answeredAt), updatedAt: new Date() })
      .where(and(eq(inboxItems.id, id), isNull(inboxItems.answerText)));
  }

  findPage(filter: InboxListFilter): Promise<Page<InboxEntry>> {
    const conditions: (SQL | undefined)[] = [
      eq(inboxItems.mpAccountId, filter.accountId),
      filter.kind ? eq(inboxItems.kind, filter.kind) : undefined,
      filter.label ? LABEL_CONDITIONS[filter.label] : undefined,
      filter.ratingMin !== undefined ? gte(inboxItems.rating, filter.ratingMin) : undefined,
      filter.ratingMax !== undefined ? lte(inboxItems.rating, filter.ratingMax) : undefined,
      filter.nmId !== undefined ? eq(inboxItems.nmId, filter.nmId) : undefined,
      // Case-insensitive substring; LIKE wildcards in q match literally.
      filter.q ? sql`${SEARCH_TEXT} like '%' || lower(${escapeLike(filter.q)}) || '%'` : undefined,
    ];
    const where = and(...conditions);
    return sortedPage(
      filter,
      { columns: SORT_COLUMNS, tiebreaker: inboxItems.id },
      this.db
        .select({ item: inboxItems, draft: replyDrafts })
        .from(inboxItems)
        .leftJoin(replyDrafts, DRAFT_OF_ITEM)
        .where(where)
        .$dynamic(),
      this.db.select({ total: count() }).from(inboxItems).leftJoin(replyDrafts, DRAFT_OF_ITEM).where(where),
    );
  }
}
