import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';

import { JobFailedHandler, JobHandler } from '../../../queue/job-handler.decorator';
import { KbDocumentIndexer } from './kb-document-indexer';
import { KB_DOCUMENT_INDEX_JOB, KbDocumentIndexPayload } from './kb-document-jobs';
import type { KbDocumentOutcome } from './kb-documents.repository';
import { KbDocumentsRepository } from './kb-documents.repository';

@Injectable()
export class KbDocumentsJobs {
  constructor(
    private readonly indexer: KbDocumentIndexer,
    private readonly documents: KbDocumentsRepository,
  ) {}

  @JobHandler(KB_DOCUMENT_INDEX_JOB)
  async index(payload: KbDocumentIndexPayload): Promise<(KbDocumentOutcome & { message: string }) | { message: string }> {
    const outcome = await this.indexer.index(payload.documentId);
    if (!outcome) return { message: 'Документ удалён' };
    return { ...outcome, message: outcome.failureReason ?? `Фрагментов: ${outcome.chunksCount}` };
  }

  /** Every attempt failed on an error of ours (not the file's): the document does not stay processing. */
  @JobFailedHandler(KB_DOCUMENT_INDEX_JOB)
  indexFailed(job: Job<KbDocumentIndexPayload>, message: string): Promise<void> {
    return this.documents.failProcessing(job.data.documentId, message);
  }
}
