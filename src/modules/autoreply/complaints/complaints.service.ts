import { Inject, Injectable } from '@nestjs/common';

import type { AuthenticatedUser } from '../../../common/auth/authenticated-user';
import type { DataScope } from '../../../common/auth/data-scope';
import type { RequestMeta } from '../../../common/auth/request-meta';
import { AppError } from '../../../common/errors/app-error';
import type { Page } from '../../../common/http/pagination.dto';
import type { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import type { ComplaintStatus } from '../../../database/schema';
import { injectionSigns } from '../../../shared/autoreply/check/reply-check';
import { complaintReason } from '../../../shared/autoreply/complaint-reasons';
import { AuditService } from '../../audit/audit.service';
import { settingChange } from '../../audit/setting-change';
import { buyerText } from '../inbox/buyer-text';
import { InboxItemRecord, InboxRepository } from '../inbox/inbox.repository';
import { complaintDeepLink } from './complaint-deep-link';
import { chooseComplaintRule } from './complaint-rule-choice';
import { ComplaintRuleRow, ComplaintRulesRepository } from './complaint-rules.repository';
import { complaintStatuses, OPEN_COMPLAINT_STATUSES } from './complaint-status';
import { ComplaintWriter } from './complaint-writer';
import { ComplaintDto, ComplaintListQueryDto, ComplaintPrepareDto } from './complaints.dto';
import { ComplaintsRepository, ComplaintView } from './complaints.repository';

export const COMPLAINT_NOT_FOUND = 'Жалоба не найдена';
const FEEDBACK_NOT_FOUND = 'Отзыв не найден';
const ENTITY = 'complaint';
const NOT_OPEN = 'Жалоба уже подана или отклонена: её нельзя изменить';

/** Spec: States, Complaint; Reply rules 7-10. Nothing here is ever sent to the marketplace. */
@Injectable()
export class ComplaintsService {
  constructor(
    private readonly complaints: ComplaintsRepository,
    private readonly rules: ComplaintRulesRepository,
    private readonly inbox: InboxRepository,
    private readonly writer: ComplaintWriter,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async prepare(actor: AuthenticatedUser, input: ComplaintPrepareDto, meta: RequestMeta): Promise<ComplaintDto> {
    const item = await this.inbox.findOfAccount(input.mpAccountId, input.feedbackId);
    if (!item) throw AppError.notFound(FEEDBACK_NOT_FOUND);
    if (item.kind !== 'feedback') throw new AppError('BAD_REQUEST', 'Жалобу можно подготовить только на отзыв, не на вопрос');
    // Checked before the AI call it would waste; upsertOpen checks again for a prepare that races a submit.
    if (!OPEN_COMPLAINT_STATUSES.includes((await this.complaints.statusOf(item.id)) ?? 'draft')) throw new AppError('CONFLICT', NOT_OPEN);
    const rule = await this.ruleFor(item);
    const text = await this.writer.write(item, rule);
    const signs = injectionSigns(buyerText(item));
    const row = await this.complaints.upsertOpen({
      mpAccountId: item.mpAccountId,
      inboxItemId: item.id,
      ruleId: rule.id,
      reason: rule.reason,
      text,
      // A feedback that tries to instruct a model is left to a person to read, whatever the rule's mode.
      status: signs.length === 0 && rule.replyMode === 'auto' ? 'pending' : 'draft',
    });
    if (!row) throw new AppError('CONFLICT', NOT_OPEN);
    if (signs.length > 0)
      await this.audit.record(settingChange('autoreply.complaint.injection', actor, ENTITY, row, { feedbackId: item.id, signs }, meta));
    return this.toDto({ ...row, feedback: item });
  }

  async list(scope: DataScope, query: ComplaintListQueryDto): Promise<Page<ComplaintDto>> {
    const page = await this.complaints.findPage({ ...query, accountId: scope.accountId, statuses: complaintStatuses(query.status) });
    return { items: page.items.map((view) => this.toDto(view)), meta: page.meta };
  }

  submit(actor: AuthenticatedUser, id: string, meta: RequestMeta): Promise<ComplaintDto> {
    return this.close(actor, id, 'submitted', 'autoreply.complaint.submit', meta);
  }

  dismiss(actor: AuthenticatedUser, id: string, meta: RequestMeta): Promise<ComplaintDto> {
    return this.close(actor, id, 'dismissed', 'autoreply.complaint.dismiss', meta);
  }

  private async ruleFor(item: InboxItemRecord): Promise<ComplaintRuleRow> {
    const rule = chooseComplaintRule(await this.rules.activeOf(item.mpAccountId), item);
    if (!rule) throw AppError.notFound('Нет подходящего правила жалобы');
    return rule;
  }

  /** The seller filed the complaint on the seller site, or decided not to: either way it is final. */
  private async close(
    actor: AuthenticatedUser,
    id: string,
    status: ComplaintStatus,
    action: string,
    meta: RequestMeta,
  ): Promise<ComplaintDto> {
    const row = await this.complaints.closeOpen(id, status);
    if (!row) throw new AppError('CONFLICT', NOT_OPEN);
    await this.audit.record(settingChange(action, actor, ENTITY, row, { feedbackId: row.inboxItemId }, meta));
    const view = await this.complaints.findView(id);
    if (!view) throw AppError.notFound(COMPLAINT_NOT_FOUND);
    return this.toDto(view);
  }

  private toDto(view: ComplaintView): ComplaintDto {
    const reason = complaintReason(view.reason);
    // Read from the feedback as it is now, as prepare read it (spec, States: Complaint).
    const signs = injectionSigns(buyerText(view.feedback));
    return {
      id: view.id,
      feedbackId: view.inboxItemId,
      reason: reason.code,
      reasonLabel: reason.label,
      text: view.text,
      status: view.status,
      deepLink: complaintDeepLink(this.config.marketplace.sellerSiteUrl, view.feedback.nmId),
      feedback: {
        text: view.feedback.text,
        rating: view.feedback.rating,
        createdAt: view.feedback.createdAt,
        nmId: view.feedback.nmId,
        productName: view.feedback.productName,
      },
      injection: signs.length > 0,
      injectionSigns: signs,
      createdAt: view.createdAt,
      updatedAt: view.updatedAt,
    };
  }
}
