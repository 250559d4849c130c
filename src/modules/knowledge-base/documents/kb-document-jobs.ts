import { defineJob } from '../../../queue/job-definition';

/** Which document to index: the bytes stay in the database, never in the job. */
export interface KbDocumentIndexPayload {
  mpAccountId: string;
  documentId: string;
}

function isIndexPayload(payload: unknown): payload is KbDocumentIndexPayload {
  const candidate = payload as Partial<KbDocumentIndexPayload> | null;
  return typeof candidate?.mpAccountId === 'string' && typeof candidate.documentId === 'string';
}

export const KB_DOCUMENT_FAILED = 'Не удалось обработать документ';

/**
 * An uploaded document's text extracted and cut into chunks. Run again after a crash or a retry, it replaces the
 * document's chunks in one transaction, so none is written twice.
 */
export const KB_DOCUMENT_INDEX_JOB = defineJob<KbDocumentIndexPayload>({
  name: 'knowledge-base.document.index',
  queue: 'knowledge-base-documents',
  attempts: 3,
  backoffMs: 5000,
  failedMessage: KB_DOCUMENT_FAILED,
  validate: isIndexPayload,
});
