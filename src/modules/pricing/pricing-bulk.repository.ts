import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, eq, exists, isNull, SQL, sql } from 'drizzle-orm';

import { Page } from '../../common/http/pagination.dto';
import { DATABASE, Database } from '../../database/database.tokens';
import { sortedPage, SortedPageRequest } from '../../database/query-page';
import { priceBulkChunks, priceBulkItemRejections, priceBulkJobs } from '../../database/schema';
import type { BulkItem, BulkJobKind, BulkJobStatus } from '../../database/schema/pricing';
import type { Transaction } from '../../database/transaction';
import type { UploadOutcome } from './price-upload';
import type { ItemRefusal } from './upload-refusals';

export type BulkJobRow = typeof priceBulkJobs.$inferSelect;
export type BulkChunkRow = typeof priceBulkChunks.$inferSelect;
export type BulkItemRejectionRow = typeof priceBulkItemRejections.$inferSelect;
export type BulkJobSummary = Omit<BulkJobRow, 'items'> & { itemCount: number };

/** A job of the account's list with its chunk outcomes counted. */
export type BulkJobListed = BulkJobSummary & { accepted: number; rejected: number };

export interface BulkJobFilter extends SortedPageRequest<'createdAt'> {
  mpAccountId: string;
  /** null (an admin) lists every job of the account, otherwise only this user's. */
  ownerId: string | null;
  rejected?: boolean;
}

export interface NewBulkJob {
  mpAccountId: string;
  ownerId: string;
  kind: BulkJobKind;
  items: BulkItem[];
}

const SUMMARY_COLUMNS = {
  id: priceBulkJobs.id,
  mpAccountId: priceBulkJobs.mpAccountId,
  ownerId: priceBulkJobs.ownerId,
  kind: priceBulkJobs.kind,
  status: priceBulkJobs.status,
  createdAt: priceBulkJobs.createdAt,
  startedAt: priceBulkJobs.startedAt,
  finishedAt: priceBulkJobs.finishedAt,
  itemCount: sql<number>`jsonb_array_length(${priceBulkJobs.items})`.mapWith(Number),
};

/** Bulk price jobs and their chunks: the chunk row is the checkpoint that keeps an accepted upload from a resend. */
@Injectable()
export class PricingBulkRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async insertJob(job: NewBulkJob): Promise<string> {
    const [row] = await this.db.insert(priceBulkJobs).values(job).returning({ id: priceBulkJobs.id });
    return row.id;
  }

  async deleteJob(id: string): Promise<void> {
    await this.db.delete(priceBulkJobs).where(eq(priceBulkJobs.id, id));
  }

  async findJob(id: string): Promise<BulkJobRow | undefined> {
    const [row] = await this.db.select().from(priceBulkJobs).where(eq(priceBulkJobs.id, id));
    return row;
  }

  /** The job without its items, when the user owns it; ownerId null (an admin) reads any job. */
  async findSummaryFor(id: string, ownerId: string | null): Promise<BulkJobSummary | undefined> {
    const conditions: SQL[] = [eq(priceBulkJobs.id, id)];
    if (ownerId !== null) conditions.push(eq(priceBulkJobs.ownerId, ownerId));
    const [row] = await this.db
      .select(SUMMARY_COLUMNS)
      .from(priceBulkJobs)
      .where(and(...conditions));
    return row;
  }

  /** The account's jobs with their counted chunks, one query for the page whatever its size. */
  async findPage(filter: BulkJobFilter): Promise<Page<BulkJobListed>> {
    const rejectedChunk = this.db
      .select({ one: sql`1` })
      .from(priceBulkChunks)
      .where(and(eq(priceBulkChunks.bulkJobId, priceBulkJobs.id), isNull(priceBulkChunks.taskId)));
    const conditions: SQL[] = [eq(priceBulkJobs.mpAccountId, filter.mpAccountId)];
    if (filter.ownerId !== null) conditions.push(eq(priceBulkJobs.ownerId, filter.ownerId));
    if (filter.rejected !== undefined) conditions.push(filter.rejected ? exists(rejectedChunk) : sql`not ${exists(rejectedChunk)}`);
    const where = and(...conditions);
    const ofJob = sql`${priceBulkChunks.bulkJobId} = ${priceBulkJobs.id}`;
    const accepted = sql<number>`(select count(*) from ${priceBulkChunks} where ${ofJob} and ${priceBulkChunks.taskId} is not null)`;
    const rejected = sql<number>`(select count(*) from ${priceBulkChunks} where ${ofJob} and ${priceBulkChunks.taskId} is null)`;
    return sortedPage(
      filter,
      { columns: { createdAt: priceBulkJobs.createdAt }, tiebreaker: priceBulkJobs.id },
      this.db
        .select({ ...SUMMARY_COLUMNS, accepted: accepted.mapWith(Number), rejected: rejected.mapWith(Number) })
        .from(priceBulkJobs)
        .where(where)
        .$dynamic(),
      this.db.select({ total: count() }).from(priceBulkJobs).where(where),
    );
  }

  async chunks(bulkJobId: string): Promise<BulkChunkRow[]> {
    return this.db.select().from(priceBulkChunks).where(eq(priceBulkChunks.bulkJobId, bulkJobId)).orderBy(asc(priceBulkChunks.index));
  }

  /** Active from the first attempt on; startedAt keeps the first start. */
  async markActive(id: string): Promise<void> {
    await this.db
      .update(priceBulkJobs)
      .set({ status: 'active', startedAt: sql`coalesce(${priceBulkJobs.startedAt}, now())` })
      .where(eq(priceBulkJobs.id, id));
  }

  async markFinished(id: string, status: Extract<BulkJobStatus, 'completed' | 'failed'>): Promise<void> {
    await this.db
      .update(priceBulkJobs)
      .set({ status, finishedAt: sql`now()` })
      .where(eq(priceBulkJobs.id, id));
  }

  /**
   * Writes the chunk's outcome right after the marketplace answered, in the transaction that records its history;
   * false when an earlier attempt recorded it (a resend after a crash), so that nothing is written twice.
   */
  async recordChunk(tx: Transaction, bulkJobId: string, index: number, items: number, outcome: UploadOutcome): Promise<boolean> {
    const inserted = await tx
      .insert(priceBulkChunks)
      .values({
        bulkJobId,
        index,
        items,
        taskId: outcome.accepted ? outcome.taskId : null,
        errorText: outcome.accepted ? null : outcome.errorText,
      })
      .onConflictDoNothing()
      .returning({ index: priceBulkChunks.index });
    return inserted.length > 0;
  }

  /**
   * Records the items the marketplace refused in a processed upload and marks the chunk confirmed, in one transaction:
   * a confirmation read again after a crash adds nothing twice.
   */
  async recordConfirmation(bulkJobId: string, index: number, refusals: ItemRefusal[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (refusals.length > 0)
        await tx
          .insert(priceBulkItemRejections)
          .values(refusals.map((refusal) => ({ bulkJobId, chunkIndex: index, ...refusal })))
          .onConflictDoNothing();
      await tx
        .update(priceBulkChunks)
        .set({ confirmedAt: sql`now()` })
        .where(and(eq(priceBulkChunks.bulkJobId, bulkJobId), eq(priceBulkChunks.index, index), isNull(priceBulkChunks.confirmedAt)));
    });
  }

  async itemRejections(bulkJobId: string): Promise<BulkItemRejectionRow[]> {
    return this.db
      .select()
      .from(priceBulkItemRejections)
      .where(eq(priceBulkItemRejections.bulkJobId, bulkJobId))
      .orderBy(asc(priceBulkItemRejections.chunkIndex), asc(priceBulkItemRejections.nmId));
  }
}
