import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, isNull, SQL, sql } from 'drizzle-orm';

import type { DataScope } from '../../../common/auth/data-scope';
import type { Page } from '../../../common/http/pagination.dto';
import { DATABASE, Database } from '../../../database/database.tokens';
import { PageRequest, queryPage } from '../../../database/query-page';
import { kbDocumentFiles, kbDocuments, KbDocumentStatus } from '../../../database/schema';
import type { Executor } from '../../../database/transaction';

export type KbDocumentRow = typeof kbDocuments.$inferSelect;
export type KbDocumentValues = Pick<
  typeof kbDocuments.$inferInsert,
  'mpAccountId' | 'fileName' | 'mimeType' | 'sizeBytes' | 'sha256' | 'createdBy'
>;

export interface KbDocumentFilter extends PageRequest {
  scope: DataScope;
  status?: KbDocumentStatus;
}

/** What indexing ends with: the status, its reason when failed or skipped, and how many chunks were written. */
export interface KbDocumentOutcome {
  status: Exclude<KbDocumentStatus, 'processing'>;
  failureReason: string | null;
  chunksCount: number;
}

/** The key that keeps one live document per file and account. */
export const KB_DOCUMENT_SHA256_KEY = 'kb_documents_account_sha256_key';

const live = (id: string) => and(eq(kbDocuments.id, id), isNull(kbDocuments.deletedAt));

/** The documents a scope sees: every one, or for a manager limited to brands those of the brands. */
function visible(scope: DataScope): SQL | undefined {
  if (scope.brandIds === 'all') return undefined;
  return sql`${kbDocuments.brandId} = ANY(${`{${scope.brandIds.join(',')}}`}::uuid[])`;
}

/** Uploaded documents (kb_documents) and their bytes (kb_document_files), read only to extract the text. */
@Injectable()
export class KbDocumentsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async accountOf(id: string): Promise<string | undefined> {
    const [row] = await this.db.select({ accountId: kbDocuments.mpAccountId }).from(kbDocuments).where(live(id));
    return row?.accountId;
  }

  async find(id: string): Promise<KbDocumentRow | undefined> {
    const [row] = await this.db.select().from(kbDocuments).where(live(id));
    return row;
  }

  /** The account's live document of this file. */
  async findBySha256(accountId: string, sha256: string): Promise<KbDocumentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(kbDocuments)
      .where(and(eq(kbDocuments.mpAccountId, accountId), eq(kbDocuments.sha256, sha256), isNull(kbDocuments.deletedAt)));
    return row;
  }

  /** The document, processing, and its bytes. */
  async insert(executor: Executor, values: KbDocumentValues, bytes: Buffer): Promise<KbDocumentRow> {
    const [row] = await executor.insert(kbDocuments).values(values).returning();
    await executor.insert(kbDocumentFiles).values({ documentId: row.id, bytes });
    return row;
  }

  /** A document that could not be queued for processing is not kept. */
  async discard(id: string): Promise<void> {
    await this.db.delete(kbDocuments).where(eq(kbDocuments.id, id));
  }

  /** The live document with its bytes. */
  async withBytes(id: string): Promise<{ document: KbDocumentRow; bytes: Buffer } | undefined> {
    const [row] = await this.db
      .select({ document: kbDocuments, bytes: kbDocumentFiles.bytes })
      .from(kbDocuments)
      .innerJoin(kbDocumentFiles, eq(kbDocumentFiles.documentId, kbDocuments.id))
      .where(live(id));
    return row;
  }

  /** The live document, locked until the transaction ends: a deletion waits for the indexing that writes its chunks. */
  async lock(executor: Executor, id: string): Promise<KbDocumentRow | undefined> {
    const [row] = await executor.select().from(kbDocuments).where(live(id)).for('update');
    return row;
  }

  async settle(executor: Executor, id: string, outcome: KbDocumentOutcome): Promise<void> {
    await executor.update(kbDocuments).set(outcome).where(eq(kbDocuments.id, id));
  }

  /** A processing document fails with this reason; one already settled keeps its outcome. */
  async failProcessing(id: string, failureReason: string): Promise<void> {
    await this.db
      .update(kbDocuments)
      .set({ status: 'failed', failureReason, chunksCount: 0 })
      .where(and(eq(kbDocuments.id, id), eq(kbDocuments.status, 'processing')));
  }

  /** Soft: the row stays, its bytes go. */
  async softDelete(executor: Executor, id: string): Promise<KbDocumentRow | undefined> {
    const [row] = await executor.update(kbDocuments).set({ deletedAt: new Date() }).where(live(id)).returning();
    if (row) await executor.delete(kbDocumentFiles).where(eq(kbDocumentFiles.documentId, id));
    return row;
  }

  /** Newest first. */
  page(filter: KbDocumentFilter): Promise<Page<KbDocumentRow>> {
    const where = and(
      eq(kbDocuments.mpAccountId, filter.scope.accountId),
      isNull(kbDocuments.deletedAt),
      visible(filter.scope),
      filter.status ? eq(kbDocuments.status, filter.status) : undefined,
    );
    return queryPage(
      filter,
      (limit, offset) =>
        this.db
          .select()
          .from(kbDocuments)
          .where(where)
          .orderBy(desc(kbDocuments.createdAt), desc(kbDocuments.id))
          .limit(limit)
          .offset(offset),
      () =>
        this.db
          .select({ total: sql<number>`count(*)::int` })
          .from(kbDocuments)
          .where(where),
    );
  }
}
