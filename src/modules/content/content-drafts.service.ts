import { randomUUID } from 'node:crypto';

import { Injectable } from '@nestjs/common';

import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import type { DataScope } from '../../common/auth/data-scope';
import type { RequestMeta } from '../../common/auth/request-meta';
import { AppError } from '../../common/errors/app-error';
import type { Page } from '../../common/http/pagination.dto';
import type { ContentTexts } from '../../database/schema';
import type { JobStatus } from '../../queue/queue.service';
import { QueueService } from '../../queue/queue.service';
import { AuditService } from '../audit/audit.service';
import { settingChange } from '../audit/setting-change';
import {
  ContentDraftDto,
  ContentDraftListQueryDto,
  ContentDraftPatchDto,
  ContentGenerateDto,
  ContentJobDto,
  ContentJobStartedDto,
  ContentRegenerateDto,
} from './content.dto';
import { ContentCatalogRepository } from './content-catalog.repository';
import { contentDraftDto } from './content-drafts.mapping';
import { ContentDraftRow, ContentDraftsRepository } from './content-drafts.repository';
import { CONTENT_GENERATE_JOB, CONTENT_PUBLISH_JOB } from './content-job-definitions';
import { CONTENT_FIELDS } from './content-prompt';
import { CARD_CHANGED } from './content-publisher';
import { reviewTexts } from './content-review';

export const CONTENT_DRAFT_NOT_FOUND = 'Черновик текстов карточки не найден';
export const CONTENT_JOB_NOT_FOUND = 'Задача подготовки текстов не найдена';
const CARDS_NOT_FOUND = 'Карточки не найдены в каталоге кабинета';
const NOT_EDITABLE = 'Черновик уже не редактируется: он одобрен, публикуется или заменён';
const NOT_APPROVABLE = 'Одобрить можно только черновик в статусе draft';
const CHANGED_CONFLICT = 'Карточка изменилась на маркетплейсе после подготовки текстов: подготовьте их заново';
const BLOCKED = 'В текстах есть ошибки: такой черновик не отправить';
const ENTITY = 'content_draft';

/** Spec: content studio. Generating texts, the seller's edits and approval of a card's draft. */
@Injectable()
export class ContentDraftsService {
  constructor(
    private readonly drafts: ContentDraftsRepository,
    private readonly catalog: ContentCatalogRepository,
    private readonly queues: QueueService,
    private readonly audit: AuditService,
  ) {}

  /** A job that prepares a draft of each card; cards outside the account's catalog or the user's brands are 404. */
  async generate(user: AuthenticatedUser, scope: DataScope, request: ContentGenerateDto): Promise<ContentJobStartedDto> {
    const reachable = await this.catalog.reachable(scope, request.nmIds);
    const unknown = request.nmIds.filter((nmId) => !reachable.has(nmId));
    if (unknown.length > 0) throw new AppError('NOT_FOUND', CARDS_NOT_FOUND, { details: { nmIds: unknown } });
    return this.start(user, scope.accountId, request.nmIds, request.fields, request.notes ?? null);
  }

  /** A new draft of the draft's card with the seller's notes; it supersedes this one when it is made. */
  async regenerate(user: AuthenticatedUser, scope: DataScope, id: string, request: ContentRegenerateDto): Promise<ContentJobStartedDto> {
    const draft = await this.find(scope, id);
    return this.start(user, draft.mpAccountId, [draft.nmId], [...CONTENT_FIELDS], request.notes ?? draft.notes);
  }

  /** The job's status, and the code of the error that ended it. */
  async job(status: JobStatus): Promise<ContentJobDto> {
    const job = await this.queues.find([CONTENT_GENERATE_JOB], status.jobId);
    const errorCode = (job?.data as { errorCode?: string } | undefined)?.errorCode ?? null;
    return { ...status, errorCode: status.state === 'failed' ? errorCode : null };
  }

  async list(scope: DataScope, query: ContentDraftListQueryDto): Promise<Page<ContentDraftDto>> {
    const page = await this.drafts.list(scope, { status: query.status }, query);
    return { ...page, items: page.items.map(contentDraftDto) };
  }

  async get(scope: DataScope, id: string): Promise<ContentDraftDto> {
    return contentDraftDto(await this.find(scope, id));
  }

  /** The seller's edit of a draft, rescored; only a draft in draft is edited. */
  async patch(
    user: AuthenticatedUser,
    scope: DataScope,
    id: string,
    request: ContentDraftPatchDto,
    meta: RequestMeta,
  ): Promise<ContentDraftDto> {
    const draft = await this.find(scope, id);
    if (draft.status !== 'draft') throw new AppError('CONFLICT', NOT_EDITABLE);
    const proposed: ContentTexts = {
      title: request.proposed.title ?? draft.proposed.title,
      description: request.proposed.description ?? draft.proposed.description,
      characteristics:
        request.proposed.characteristics?.map(({ id: charcId, value }) => ({
          id: charcId,
          name: draft.scoreContext.subjectCharcs.find((charc) => charc.charcID === charcId)?.name,
          value,
        })) ?? draft.proposed.characteristics,
    };
    const { score, issues } = reviewTexts(
      proposed,
      draft.keywords.map((keyword) => keyword.text),
      draft.scoreContext,
    );
    const saved = await this.drafts.saveEdit(id, proposed, score, issues);
    if (!saved) throw new AppError('CONFLICT', NOT_EDITABLE);
    await this.audit.record(settingChange('content.draft.edit', user, ENTITY, saved, { nmId: saved.nmId }, meta));
    return contentDraftDto(saved);
  }

  /**
   * Approved and queued for publishing. A draft with an error (a title over 60 characters...) is never approved; one
   * whose card changed on the marketplace since it was made is 409.
   */
  async approve(user: AuthenticatedUser, scope: DataScope, id: string, meta: RequestMeta): Promise<ContentDraftDto> {
    const draft = await this.find(scope, id);
    if (draft.status === 'draft' && draft.note === CARD_CHANGED) throw new AppError('CONFLICT', CHANGED_CONFLICT);
    if (draft.status !== 'draft') throw new AppError('CONFLICT', NOT_APPROVABLE);
    const errors = reviewTexts(draft.proposed, [], draft.scoreContext).issues.filter((issue) => issue.severity === 'error');
    const blocking = [...draft.issues.filter((issue) => issue.severity === 'error' && issue.field === 'proposed'), ...errors];
    if (blocking.length > 0) {
      const fields = [...new Set(blocking.map((issue) => issue.field))];
      throw AppError.validation(
        fields.map((field) => ({ field: `proposed.${field}`, errors: ['contentIssue'] })),
        `${BLOCKED}: ${blocking.map((issue) => issue.message).join('; ')}`,
      );
    }
    const approved = await this.drafts.approve(id, user.id);
    if (!approved) throw new AppError('CONFLICT', NOT_APPROVABLE);
    await this.audit.record(settingChange('content.draft.approve', user, ENTITY, approved, { nmId: approved.nmId }, meta));
    await this.queues.enqueue(
      CONTENT_PUBLISH_JOB,
      { mpAccountId: approved.mpAccountId, draftId: approved.id, publication: approved.publication, userId: user.id },
      { jobId: `${approved.id}-${approved.publication}` },
    );
    return contentDraftDto(approved);
  }

  private async find(scope: DataScope, id: string): Promise<ContentDraftRow> {
    const draft = await this.drafts.findInScope(scope, id);
    if (!draft) throw AppError.notFound(CONTENT_DRAFT_NOT_FOUND);
    return draft;
  }

  private async start(
    user: AuthenticatedUser,
    mpAccountId: string,
    nmIds: number[],
    fields: ContentGenerateDto['fields'],
    notes: string | null,
  ): Promise<ContentJobStartedDto> {
    const jobId = await this.queues.enqueue(
      CONTENT_GENERATE_JOB,
      { mpAccountId, userId: user.id, nmIds, fields, notes },
      { jobId: randomUUID() },
    );
    return { jobId };
  }
}
