import { createHash } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import type { FastifyRequest } from 'fastify';

import type { AuthenticatedUser } from '../../../common/auth/authenticated-user';
import type { DataScope } from '../../../common/auth/data-scope';
import { DataScopeService } from '../../../common/auth/data-scope.service';
import type { RequestMeta } from '../../../common/auth/request-meta';
import { AppError } from '../../../common/errors/app-error';
import { findPgError } from '../../../common/errors/pg-errors';
import { MultipartUploadSpec, readMultipartUpload } from '../../../common/http/multipart-upload';
import type { Page } from '../../../common/http/pagination.dto';
import { Transactions } from '../../../database/transaction';
import { QueueService } from '../../../queue/queue.service';
import { AuditService } from '../../audit/audit.service';
import { settingChange } from '../../audit/setting-change';
import { KbChunksRepository } from '../chunks/kb-chunks.repository';
import { KB_DOCUMENT_INDEX_JOB } from './kb-document-jobs';
import { documentType } from './kb-document-type';
import type { KbDocumentDto, KbDocumentListQueryDto, KbDocumentUploadedDto } from './kb-documents.dto';
import { KB_DOCUMENT_SHA256_KEY, KbDocumentRow, KbDocumentsRepository } from './kb-documents.repository';

/** Spec: Knowledge base, a document is at most 10 MB. */
export const KB_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const KB_DOCUMENT_MAX_TEXT = '10 МБ';
export const KB_DOCUMENT_NOT_FOUND = 'Документ не найден';
/** A name longer than this is cut: it is shown, never trusted. */
const FILE_NAME_MAX_LENGTH = 255;

const UPLOAD: MultipartUploadSpec<'mpAccountId'> = {
  fields: ['mpAccountId'],
  maxFileBytes: KB_DOCUMENT_MAX_BYTES,
  maxFileText: KB_DOCUMENT_MAX_TEXT,
};

const document = ({ deletedAt: _deletedAt, ...row }: KbDocumentRow): KbDocumentDto => row;

function duplicate(existing: KbDocumentRow, cause?: unknown): AppError {
  return new AppError('CONFLICT', `Этот файл уже загружен: документ «${existing.fileName}»`, {
    details: { documentId: existing.id },
    cause,
  });
}

/** Whether the scope reaches a document: a manager limited to brands reaches only the documents of those brands. */
const reaches = (scope: DataScope, row: KbDocumentRow) =>
  scope.brandIds === 'all' || (row.brandId !== null && scope.brandIds.includes(row.brandId));

/**
 * Spec: Knowledge base, documents. An upload is stored and answered at once; its text is extracted in the background
 * (no AI takes part) and becomes searchable once indexed. The same file is kept once per account.
 */
@Injectable()
export class KbDocumentsService {
  constructor(
    private readonly documents: KbDocumentsRepository,
    private readonly chunks: KbChunksRepository,
    private readonly transactions: Transactions,
    private readonly queue: QueueService,
    private readonly scopes: DataScopeService,
    private readonly audit: AuditService,
  ) {}

  /** A document of the whole account: the owner's or an admin's; the account is checked before the file is read. */
  async upload(actor: AuthenticatedUser, request: FastifyRequest, meta: RequestMeta): Promise<KbDocumentUploadedDto> {
    const { fields, file, fileName } = await readMultipartUpload(request, UPLOAD, async ({ mpAccountId }) => {
      if (!isUUID(mpAccountId)) throw AppError.validation([{ field: 'mpAccountId', errors: ['isUUID'] }]);
      await this.scopes.accountScope(actor, mpAccountId, false);
    });
    const mimeType = await documentType(file, fileName);
    const sha256 = createHash('sha256').update(file).digest('hex');
    const existing = await this.documents.findBySha256(fields.mpAccountId, sha256);
    if (existing) throw duplicate(existing);
    const values = {
      mpAccountId: fields.mpAccountId,
      fileName: fileName.slice(0, FILE_NAME_MAX_LENGTH),
      mimeType,
      sizeBytes: file.length,
      sha256,
      createdBy: actor.id,
    };
    const row = await this.transactions
      .run((tx) => this.documents.insert(tx, values, file))
      .catch(async (error: unknown) => {
        const rival =
          findPgError(error)?.constraint === KB_DOCUMENT_SHA256_KEY && (await this.documents.findBySha256(values.mpAccountId, sha256));
        throw rival ? duplicate(rival, error) : error;
      });
    try {
      await this.queue.enqueue(KB_DOCUMENT_INDEX_JOB, { mpAccountId: row.mpAccountId, documentId: row.id });
    } catch (error) {
      await this.documents.discard(row.id);
      throw error;
    }
    await this.audit.record(
      settingChange('knowledge_base.document.upload', actor, 'kb_document', row, { mimeType, sizeBytes: file.length, sha256 }, meta),
    );
    return { id: row.id, status: 'processing' };
  }

  async list(scope: DataScope, query: KbDocumentListQueryDto): Promise<Page<KbDocumentDto>> {
    const page = await this.documents.page({ ...query, scope });
    return { ...page, items: page.items.map(document) };
  }

  async get(scope: DataScope, id: string): Promise<KbDocumentDto> {
    return document(await this.reachable(scope, id));
  }

  /** Soft: the document is kept without its file and its chunks, and is searched no more. */
  async delete(actor: AuthenticatedUser, scope: DataScope, id: string, meta: RequestMeta): Promise<void> {
    await this.reachable(scope, id);
    const row = await this.transactions.run(async (tx) => {
      const deleted = await this.documents.softDelete(tx, id);
      if (!deleted) throw AppError.notFound(KB_DOCUMENT_NOT_FOUND);
      await this.chunks.remove(tx, 'document', id);
      return deleted;
    });
    await this.audit.record(
      settingChange('knowledge_base.document.delete', actor, 'kb_document', row, { status: row.status, sha256: row.sha256 }, meta),
    );
  }

  private async reachable(scope: DataScope, id: string): Promise<KbDocumentRow> {
    const row = await this.documents.find(id);
    if (!row || !reaches(scope, row)) throw AppError.notFound(KB_DOCUMENT_NOT_FOUND);
    return row;
  }
}
