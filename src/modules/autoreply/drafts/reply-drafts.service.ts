import { Injectable } from '@nestjs/common';

import type { AuthenticatedUser } from '../../../common/auth/authenticated-user';
import type { RequestMeta } from '../../../common/auth/request-meta';
import { AppError } from '../../../common/errors/app-error';
import { AuditService } from '../../audit/audit.service';
import { replyCheckFailures } from '../check/reply-check-reasons';
import { type InboxItemRecord, InboxRepository } from '../inbox/inbox.repository';
import { checkTriggerEntry } from './reply-check-audit';
import { ReplyDraftDto, ReplyDraftRequestDto, SendReplyRequestDto } from './reply-drafts.dto';
import { replyDraftDto } from './reply-drafts.mapping';
import { ReplyDraftsRepository } from './reply-drafts.repository';
import { ReplyPreparation } from './reply-preparation';
import { ReplyPublicationQueue } from './reply-publication-queue';

export const ITEM_NOT_FOUND = 'Отзыв или вопрос не найден';
const DRAFT_NOT_FOUND = 'Черновика ответа нет: сначала подготовьте его';
const ANSWERED_ON_MARKETPLACE = 'На маркетплейсе уже есть ответ: опубликованный ответ нельзя заменить';
const ALREADY_QUEUED = 'Ответ уже в очереди на публикацию';
const ALREADY_SENT = 'Ответ уже опубликован: повторная отправка невозможна';
const IN_ERROR = 'Ответ не был опубликован: подготовьте его заново и отправьте';

/** Why a draft in this status cannot be queued or prepared again. */
function conflictOf(status: string): string {
  return status === 'sent' ? ALREADY_SENT : status === 'pending' ? ALREADY_QUEUED : IN_ERROR;
}

/** Spec: Reply routes, generate and send; States, Reply draft. */
@Injectable()
export class ReplyDraftsService {
  constructor(
    private readonly inbox: InboxRepository,
    private readonly drafts: ReplyDraftsRepository,
    private readonly preparation: ReplyPreparation,
    private readonly publications: ReplyPublicationQueue,
    private readonly audit: AuditService,
  ) {}

  /**
   * Prepares the item's draft from the matching scenario (overwriting a draft or an error); replyMode auto queues it at
   * once. An AI failure changes nothing.
   */
  async generate(user: AuthenticatedUser, request: ReplyDraftRequestDto): Promise<ReplyDraftDto> {
    const item = await this.itemOf(request);
    await this.assertRewritable(item);
    const { scenario, prepared } = await this.preparation.prepare(item);
    const saved = await this.drafts.savePrepared({
      ...prepared,
      mpAccountId: item.mpAccountId,
      inboxItemId: item.id,
      status: scenario.replyMode === 'auto' ? 'pending' : 'draft',
      scenarioId: scenario.id,
      templateId: scenario.templateId,
    });
    // Queued or sent meanwhile by a concurrent request.
    if (!saved) throw new AppError('CONFLICT', ALREADY_QUEUED);
    if (saved.status === 'pending') await this.publications.enqueue(saved, user.id);
    return replyDraftDto(saved);
  }

  /**
   * Queues the item's draft for publishing (draft → pending); a text the seller edited replaces the draft's (source
   * manual) when it passes the pre-publication check; otherwise the check trigger is audited as at publication
   * (Reply rule 5) and the answer names the rules it failed, with their reasons in the message.
   */
  async send(user: AuthenticatedUser, request: SendReplyRequestDto, meta: RequestMeta): Promise<ReplyDraftDto> {
    const item = await this.itemOf(request);
    const draft = await this.drafts.findByItem(item.id);
    if (!draft) throw AppError.notFound(DRAFT_NOT_FOUND);
    if (draft.status !== 'draft') throw new AppError('CONFLICT', conflictOf(draft.status));
    const edited = request.text !== undefined && request.text !== draft.text ? request.text : undefined;
    const failures = edited === undefined ? [] : replyCheckFailures(edited);
    if (failures.length > 0) {
      const rules = failures.map((failure) => failure.rule);
      await this.audit.record(checkTriggerEntry(draft, { text: 'manual', rules }, user.id, meta));
      throw AppError.validation([{ field: 'text', errors: rules }], failures.map((failure) => failure.message).join('; '));
    }
    const queued = await this.drafts.queue(draft.id, edited);
    if (!queued) throw new AppError('CONFLICT', ALREADY_QUEUED);
    await this.publications.enqueue(queued, user.id);
    return replyDraftDto(queued);
  }

  private async itemOf(request: ReplyDraftRequestDto): Promise<InboxItemRecord> {
    const item = await this.inbox.findOfAccount(request.mpAccountId, request.feedbackId);
    if (!item) throw AppError.notFound(ITEM_NOT_FOUND);
    return item;
  }

  /** A queued or sent draft, or an answer already on the marketplace, is never replaced. */
  private async assertRewritable(item: InboxItemRecord): Promise<void> {
    const draft = await this.drafts.findByItem(item.id);
    if (draft && (draft.status === 'pending' || draft.status === 'sent')) throw new AppError('CONFLICT', conflictOf(draft.status));
    if (item.answerText !== null) throw new AppError('CONFLICT', ANSWERED_ON_MARKETPLACE);
  }
}
