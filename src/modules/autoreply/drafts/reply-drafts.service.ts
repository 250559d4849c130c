import { Inject, Injectable } from '@nestjs/common';

import type { AuthenticatedUser } from '../../../common/auth/authenticated-user';
import type { RequestMeta } from '../../../common/auth/request-meta';
import { AppError } from '../../../common/errors/app-error';
import type { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import { replyCheckFailures } from '../../../shared/autoreply/check/reply-check-reasons';
import { AuditService } from '../../audit/audit.service';
import { settingChange } from '../../audit/setting-change';
import { type InboxItemRecord, InboxRepository } from '../inbox/inbox.repository';
import { checkTriggerEntry } from './reply-check-audit';
import { ReplyDraftDto, ReplyDraftRequestDto, SendReplyRequestDto } from './reply-drafts.dto';
import { replyDraftDto } from './reply-drafts.mapping';
import { ReplyDraftRow, ReplyDraftsRepository } from './reply-drafts.repository';
import { ReplyLanding } from './reply-landing';
import { ReplyPreparation } from './reply-preparation';
import { ReplyPublicationQueue } from './reply-publication-queue';
import { replyStart } from './reply-start';

export const ITEM_NOT_FOUND = 'Отзыв или вопрос не найден';
export const REPLY_DRAFT_NOT_FOUND = 'Черновик ответа не найден';
const DRAFT_NOT_FOUND = 'Черновика ответа нет: сначала подготовьте его';
const ANSWERED_ON_MARKETPLACE = 'На маркетплейсе уже есть ответ: опубликованный ответ нельзя заменить';
const ALREADY_QUEUED = 'Ответ уже в очереди на публикацию';
const ALREADY_SENT = 'Ответ уже опубликован: повторная отправка невозможна';
const IN_ERROR = 'Ответ не был опубликован: подготовьте его заново и отправьте';
const NOT_HELD = 'Отменить можно только ответ, который ждёт автоматической публикации: этот уже публикуется или не в очереди';
const ENTITY = 'reply_draft';

/** Why a draft in this status cannot be queued or prepared again. */
function conflictOf(status: string): string {
  return status === 'sent' ? ALREADY_SENT : status === 'pending' ? ALREADY_QUEUED : IN_ERROR;
}

/** A draft, or a pending one still held before its automatic publication, is the seller's to send. */
function sendable(draft: ReplyDraftRow): boolean {
  return draft.status === 'draft' || (draft.status === 'pending' && draft.scheduledAt !== null);
}

/** Spec: Reply routes, generate and send; States, Reply draft. */
@Injectable()
export class ReplyDraftsService {
  constructor(
    private readonly inbox: InboxRepository,
    private readonly drafts: ReplyDraftsRepository,
    private readonly preparation: ReplyPreparation,
    private readonly publications: ReplyPublicationQueue,
    private readonly landing: ReplyLanding,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Prepares the item's draft from the matching scenario (overwriting a draft or an error); replyMode auto queues it,
   * held for the publish delay. A buyer's text with injection signs gets no AI and stays a draft, audited. An AI
   * failure changes nothing.
   */
  async generate(user: AuthenticatedUser, request: ReplyDraftRequestDto, meta: RequestMeta): Promise<ReplyDraftDto> {
    const item = await this.itemOf(request);
    await this.assertRewritable(item);
    const { scenario, prepared, injection } = await this.preparation.prepare(item);
    const saved = await this.drafts.savePrepared({
      ...prepared,
      ...replyStart(scenario.replyMode, injection, this.config.autoreply.publishDelayMs, new Date()),
      mpAccountId: item.mpAccountId,
      inboxItemId: item.id,
      scenarioId: scenario.id,
      templateId: scenario.templateId,
    });
    // Queued or sent meanwhile by a concurrent request.
    if (!saved) throw new AppError('CONFLICT', ALREADY_QUEUED);
    // The signs found, never the buyer's words.
    if (injection.length > 0)
      await this.audit.record(
        settingChange('autoreply.reply.injection', user, ENTITY, saved, { feedbackId: item.id, signs: injection }, meta),
      );
    if (saved.status === 'pending') await this.publications.enqueue(saved, user.id);
    return replyDraftDto(saved);
  }

  /**
   * Queues the item's draft for publishing at once (draft, or one held for automatic publication → pending); a text the
   * seller edited replaces the draft's (source manual) when it passes the pre-publication check; otherwise the check
   * trigger is audited as at publication (Reply rule 5) and the answer names the rules it failed, with their reasons in
   * the message. An item the marketplace shows answered meanwhile is not queued.
   */
  async send(user: AuthenticatedUser, request: SendReplyRequestDto, meta: RequestMeta): Promise<ReplyDraftDto> {
    const item = await this.itemOf(request);
    const draft = await this.drafts.findByItem(item.id);
    if (!draft) throw AppError.notFound(DRAFT_NOT_FOUND);
    if (!sendable(draft)) throw new AppError('CONFLICT', conflictOf(draft.status));
    const edited = request.text !== undefined && request.text !== draft.text ? request.text : undefined;
    const failures = edited === undefined ? [] : replyCheckFailures(edited);
    if (failures.length > 0) {
      const rules = failures.map((failure) => failure.rule);
      await this.audit.record(checkTriggerEntry(draft, { text: 'manual', rules }, user.id, meta));
      throw AppError.validation([{ field: 'text', errors: rules }], failures.map((failure) => failure.message).join('; '));
    }
    await this.assertUnansweredOnMarketplace(item);
    const queued = await this.drafts.queue(draft.id, edited);
    if (!queued) throw new AppError('CONFLICT', ALREADY_QUEUED);
    await this.publications.enqueue(queued, user.id);
    return replyDraftDto(queued);
  }

  /** A draft held before its automatic publication back to draft: it is published only when sent again. */
  async cancel(user: AuthenticatedUser, id: string, meta: RequestMeta): Promise<ReplyDraftDto> {
    const cancelled = await this.drafts.cancelHeld(id);
    if (!cancelled) throw new AppError('CONFLICT', NOT_HELD);
    await this.audit.record(settingChange('autoreply.reply.cancel', user, ENTITY, cancelled, { feedbackId: cancelled.inboxItemId }, meta));
    return replyDraftDto(cancelled);
  }

  private async itemOf(request: ReplyDraftRequestDto): Promise<InboxItemRecord> {
    const item = await this.inbox.findOfAccount(request.mpAccountId, request.feedbackId);
    if (!item) throw AppError.notFound(ITEM_NOT_FOUND);
    return item;
  }

  /**
   * The answer stored by a sync, else the one the marketplace shows now (stored then); either is 409. A marketplace that
   * is down or refuses the key fails the send with its 502 before anything changes.
   */
  private async assertUnansweredOnMarketplace(item: InboxItemRecord): Promise<void> {
    if (item.answerText !== null) throw new AppError('CONFLICT', ANSWERED_ON_MARKETPLACE);
    const answer = await this.landing.answerOf(item);
    if (!answer) return;
    await this.inbox.recordAnswer(item.id, answer);
    throw new AppError('CONFLICT', ANSWERED_ON_MARKETPLACE);
  }

  /** A queued or sent draft, or an answer already on the marketplace, is never replaced. */
  private async assertRewritable(item: InboxItemRecord): Promise<void> {
    const draft = await this.drafts.findByItem(item.id);
    if (draft && (draft.status === 'pending' || draft.status === 'sent')) throw new AppError('CONFLICT', conflictOf(draft.status));
    if (item.answerText !== null) throw new AppError('CONFLICT', ANSWERED_ON_MARKETPLACE);
  }
}
