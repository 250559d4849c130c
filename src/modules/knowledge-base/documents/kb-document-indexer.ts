import { Injectable } from '@nestjs/common';

import { Transactions } from '../../../database/transaction';
import { KbChunksRepository, KbChunkValues } from '../chunks/kb-chunks.repository';
import { sourceChunks } from '../chunks/kb-source-chunks';
import { documentText, UnreadableDocument } from './kb-document-text';
import type { KbDocumentMime } from './kb-document-type';
import { KbDocumentOutcome, KbDocumentsRepository } from './kb-documents.repository';

const NO_TEXT = 'В документе нет текста (например, скан без распознанного текста или пустой файл)';

/** A document's text as chunks (named by its file), and the status it ends in. */
@Injectable()
export class KbDocumentIndexer {
  constructor(
    private readonly documents: KbDocumentsRepository,
    private readonly chunks: KbChunksRepository,
    private readonly transactions: Transactions,
  ) {}

  /**
   * indexed with its chunks, skipped when it holds no text, failed with the reason when it cannot be read; a document
   * deleted meanwhile is left alone. The chunks and the status are written in one transaction.
   */
  async index(documentId: string): Promise<KbDocumentOutcome | undefined> {
    const stored = await this.documents.withBytes(documentId);
    if (!stored) return undefined;
    const { document, bytes } = stored;
    let text: string;
    try {
      text = await documentText(bytes, document.mimeType as KbDocumentMime);
    } catch (error) {
      if (!(error instanceof UnreadableDocument)) throw error;
      return this.settle(documentId, [], { status: 'failed', failureReason: error.message });
    }
    const chunks = sourceChunks(document.fileName, text);
    if (chunks.length === 0) return this.settle(documentId, [], { status: 'skipped', failureReason: NO_TEXT });
    return this.settle(documentId, chunks, { status: 'indexed', failureReason: null });
  }

  private settle(
    documentId: string,
    chunks: KbChunkValues[],
    outcome: Omit<KbDocumentOutcome, 'chunksCount'>,
  ): Promise<KbDocumentOutcome | undefined> {
    return this.transactions.run(async (tx) => {
      const document = await this.documents.lock(tx, documentId);
      if (!document) return undefined;
      const settled = { ...outcome, chunksCount: chunks.length };
      const source = {
        mpAccountId: document.mpAccountId,
        sourceType: 'document' as const,
        sourceId: document.id,
        version: 1,
        brandId: document.brandId,
        nmIds: document.nmIds,
        title: document.fileName,
      };
      await this.chunks.replace(tx, source, chunks);
      await this.documents.settle(tx, documentId, settled);
      return settled;
    });
  }
}
