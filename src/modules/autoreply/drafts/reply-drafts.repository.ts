import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';

import type { EntityAccounts } from '../../../common/auth/scope.guard';
import { DATABASE, Database } from '../../../database/database.tokens';
import { inboxItems, KbSourceRef, replyDrafts, ReplyDraftStatus, ReplySource } from '../../../database/schema';

export type ReplyDraftRow = typeof replyDrafts.$inferSelect;

/** What a generation writes: the prepared texts, where they came from and the status they start in. */
export interface PreparedDraft {
  mpAccountId: string;
  inboxItemId: string;
  status: Extract<ReplyDraftStatus, 'draft' | 'pending'>;
  text: string;
  source: ReplySource;
  templateText: string;
  scenarioId: string;
  templateId: string;
  /** Why the draft was left to the seller, or null. */
  note: string | null;
  /** The knowledge base versions the AI was given. */
  kbSources: KbSourceRef[];
  /** Until when a pending draft is held, or null (published at once). */
  scheduledAt: Date | null;
}

/** A publication of a draft: the job that carries it acts only while the draft is still pending in that publication. */
export interface Publication {
  draftId: string;
  publication: number;
}

/** Statuses a generation may overwrite (Spec: States, Reply draft): nothing queued or sent is ever replaced. */
const REWRITABLE: ReplyDraftStatus[] = ['draft', 'error'];

function ofPublication(publication: Publication) {
  return and(
    eq(replyDrafts.id, publication.draftId),
    eq(replyDrafts.status, 'pending'),
    eq(replyDrafts.publication, publication.publication),
  );
}

/** A draft the seller may still send: a draft, or a pending one held before its publication. */
const SENDABLE = or(eq(replyDrafts.status, 'draft'), and(eq(replyDrafts.status, 'pending'), isNotNull(replyDrafts.scheduledAt)));

/** Every query of the reply drafts. */
@Injectable()
export class ReplyDraftsRepository implements EntityAccounts {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The account of a draft, for @EntityScope. */
  async accountOf(id: string): Promise<string | undefined> {
    const [row] = await this.db.select({ mpAccountId: replyDrafts.mpAccountId }).from(replyDrafts).where(eq(replyDrafts.id, id));
    return row?.mpAccountId;
  }

  async findByItem(inboxItemId: string): Promise<ReplyDraftRow | undefined> {
    const [row] = await this.db.select().from(replyDrafts).where(eq(replyDrafts.inboxItemId, inboxItemId));
    return row;
  }

  /**
   * Writes the item's draft, or overwrites it while it is a draft or in error; undefined when it is pending or sent (in
   * one statement, so two concurrent generations never both win over a queued draft). A draft written as pending
   * starts its first publication.
   */
  async savePrepared(prepared: PreparedDraft): Promise<ReplyDraftRow | undefined> {
    const publication = prepared.status === 'pending' ? sql`${replyDrafts.publication} + 1` : replyDrafts.publication;
    const [row] = await this.db
      .insert(replyDrafts)
      .values({ ...prepared, publication: prepared.status === 'pending' ? 1 : 0 })
      .onConflictDoUpdate({
        target: replyDrafts.inboxItemId,
        set: {
          status: prepared.status,
          text: prepared.text,
          source: prepared.source,
          templateText: prepared.templateText,
          scenarioId: prepared.scenarioId,
          templateId: prepared.templateId,
          note: prepared.note,
          kbSources: prepared.kbSources,
          scheduledAt: prepared.scheduledAt,
          publishedSource: null,
          publishingAt: null,
          publication,
          updatedAt: new Date(),
        },
        setWhere: inArray(replyDrafts.status, REWRITABLE),
      })
      .returning();
    return row;
  }

  /**
   * Queues a draft for publication at once (draft, or held → pending) and starts its next publication, which leaves the
   * held one's job nothing to publish; undefined when it cannot be sent any more (the publisher took it meanwhile).
   */
  async queue(id: string, editedText?: string): Promise<ReplyDraftRow | undefined> {
    const edit = editedText === undefined ? {} : { text: editedText, source: 'manual' as const };
    const [row] = await this.db
      .update(replyDrafts)
      .set({
        status: 'pending',
        publication: sql`${replyDrafts.publication} + 1`,
        scheduledAt: null,
        note: null,
        updatedAt: new Date(),
        ...edit,
      })
      .where(and(eq(replyDrafts.id, id), SENDABLE))
      .returning();
    return row;
  }

  /**
   * A held draft back to draft (never published unless sent again); undefined when it is not held any more. Its hold
   * decides against the publisher's take (takeHeld) in the database: whichever clears it first wins.
   */
  async cancelHeld(id: string): Promise<ReplyDraftRow | undefined> {
    const [row] = await this.db
      .update(replyDrafts)
      .set({ status: 'draft', scheduledAt: null, updatedAt: new Date() })
      .where(and(eq(replyDrafts.id, id), eq(replyDrafts.status, 'pending'), isNotNull(replyDrafts.scheduledAt)))
      .returning();
    return row;
  }

  /** Undoes a queueing whose job could not be enqueued, so the draft can be sent again. */
  async unqueue(publication: Publication): Promise<void> {
    await this.db.update(replyDrafts).set({ status: 'draft', scheduledAt: null, updatedAt: new Date() }).where(ofPublication(publication));
  }

  /** Drafts pending since before `before`: each should have a job; the sweep enqueues the ones a crash left without. */
  async pendingSince(before: Date): Promise<ReplyDraftRow[]> {
    return this.db
      .select()
      .from(replyDrafts)
      .where(and(eq(replyDrafts.status, 'pending'), lt(replyDrafts.updatedAt, before)));
  }

  /** The draft while its publication is the current one and still pending, or undefined. */
  async pending(publication: Publication): Promise<ReplyDraftRow | undefined> {
    const [row] = await this.db.select().from(replyDrafts).where(ofPublication(publication));
    return row;
  }

  /**
   * The publisher takes a held draft whose time has come (`now`, the clock its delayed job ran by): clears the hold, so
   * that a cancel can no longer win; undefined when it was cancelled, sent again or is not due.
   */
  async takeHeld(publication: Publication, now: Date): Promise<ReplyDraftRow | undefined> {
    const [row] = await this.db
      .update(replyDrafts)
      .set({ scheduledAt: null, updatedAt: new Date() })
      .where(and(ofPublication(publication), isNotNull(replyDrafts.scheduledAt), lte(replyDrafts.scheduledAt, now)))
      .returning();
    return row;
  }

  /** Marks that the marketplace call of this text is about to go out: after a crash, whether it landed must be looked up. */
  async markPublishing(publication: Publication, source: ReplySource): Promise<void> {
    await this.db
      .update(replyDrafts)
      .set({ publishingAt: new Date(), publishedSource: source, updatedAt: new Date() })
      .where(ofPublication(publication));
  }

  /** pending → sent, and the inbox item shows the published text as its answer, in one transaction. */
  async markSent(publication: Publication, published: { text: string; source: ReplySource }, at: Date): Promise<ReplyDraftRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(replyDrafts)
        .set({ status: 'sent', publishedSource: published.source, sentAt: at, note: null, scheduledAt: null, updatedAt: at })
        .where(ofPublication(publication))
        .returning();
      if (row)
        await tx
          .update(inboxItems)
          .set({ answerText: published.text, answeredAt: at, updatedAt: at })
          .where(and(eq(inboxItems.id, row.inboxItemId), isNull(inboxItems.answerText)));
      return row;
    });
  }

  /** pending → error with the note shown to the seller; `blocked` when the safety check stopped both texts. */
  async markError(publication: Publication, note: string, blocked: boolean): Promise<ReplyDraftRow | undefined> {
    const at = new Date();
    const [row] = await this.db
      .update(replyDrafts)
      .set({ status: 'error', note, blockedAt: blocked ? at : replyDrafts.blockedAt, publishingAt: null, scheduledAt: null, updatedAt: at })
      .where(ofPublication(publication))
      .returning();
    return row;
  }
}
