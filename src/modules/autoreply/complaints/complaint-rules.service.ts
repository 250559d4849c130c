import { Inject, Injectable } from '@nestjs/common';

import type { AuthenticatedUser } from '../../../common/auth/authenticated-user';
import type { DataScope } from '../../../common/auth/data-scope';
import type { RequestMeta } from '../../../common/auth/request-meta';
import { AppError } from '../../../common/errors/app-error';
import { Cap, capReached } from '../../../common/errors/cap-reached';
import type { Page } from '../../../common/http/pagination.dto';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import { DEFAULT_COMPLAINT_REASON } from '../../../shared/autoreply/complaint-reasons';
import { AuditService } from '../../audit/audit.service';
import { settingChange } from '../../audit/setting-change';
import { ReplyTemplatesRepository } from '../templates/reply-templates.repository';
import { TEMPLATE_NOT_FOUND } from '../templates/reply-templates.service';
import { ComplaintRuleCreateDto, ComplaintRuleListQueryDto, ComplaintRuleResponseDto, ComplaintRuleUpdateDto } from './complaint-rules.dto';
import { ComplaintRuleRow, ComplaintRulesRepository } from './complaint-rules.repository';

export const COMPLAINT_RULE_NOT_FOUND = 'Правило жалобы не найдено';
const ENTITY = 'complaint-rule';

export const COMPLAINT_RULES_CAP: Cap = {
  variable: 'AUTOREPLY_MAX_COMPLAINT_RULES_PER_ACCOUNT',
  detail: 'maxComplaintRules',
  counted: 'Правил жалоб у кабинета',
  advice: 'Удалите ненужные правила, чтобы добавить новое',
};

function toResponse(row: ComplaintRuleRow): ComplaintRuleResponseDto {
  const { deletedAt: _deletedAt, ...rule } = row;
  return rule as ComplaintRuleResponseDto;
}

/** The rule as the audit log keeps it: its fields without the id, account and timestamps the record carries. */
function auditedFields(rule: ComplaintRuleResponseDto): Record<string, unknown> {
  const { id: _id, mpAccountId: _mpAccountId, createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = rule;
  return fields;
}

/** Spec: Complaint rule; the routes /autoreply/complaint-rules. */
@Injectable()
export class ComplaintRulesService {
  constructor(
    private readonly repository: ComplaintRulesRepository,
    private readonly templates: ReplyTemplatesRepository,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async create(actor: AuthenticatedUser, input: ComplaintRuleCreateDto, meta: RequestMeta): Promise<ComplaintRuleResponseDto> {
    await this.assertLiveTemplate(input.mpAccountId, input.templateId);
    const max = this.config.caps.complaintRulesPerAccount;
    const { row, live } = await this.repository.insertWithin({ ...input, reason: input.reason ?? DEFAULT_COMPLAINT_REASON }, max);
    if (!row) throw capReached(COMPLAINT_RULES_CAP, max, live);
    const rule = toResponse(row);
    await this.audit.record(settingChange('autoreply.complaint-rule.create', actor, ENTITY, rule, { rule: auditedFields(rule) }, meta));
    return rule;
  }

  async list(scope: DataScope, query: ComplaintRuleListQueryDto): Promise<Page<ComplaintRuleResponseDto>> {
    const page = await this.repository.findPage({ ...query, accountId: scope.accountId });
    return { items: page.items.map(toResponse), meta: page.meta };
  }

  async get(scope: DataScope, id: string): Promise<ComplaintRuleResponseDto> {
    return toResponse(await this.live(scope, id));
  }

  async update(
    actor: AuthenticatedUser,
    scope: DataScope,
    id: string,
    change: ComplaintRuleUpdateDto,
    meta: RequestMeta,
  ): Promise<ComplaintRuleResponseDto> {
    await this.live(scope, id);
    await this.assertLiveTemplate(scope.accountId, change.templateId);
    const row = await this.repository.updateLive(id, change);
    if (!row) throw AppError.notFound(COMPLAINT_RULE_NOT_FOUND);
    const rule = toResponse(row);
    const details = { changed: Object.keys(change), rule: auditedFields(rule) };
    await this.audit.record(settingChange('autoreply.complaint-rule.update', actor, ENTITY, rule, details, meta));
    return rule;
  }

  async remove(actor: AuthenticatedUser, scope: DataScope, id: string, meta: RequestMeta): Promise<void> {
    const stored = await this.live(scope, id);
    if (!(await this.repository.softDelete(id))) throw AppError.notFound(COMPLAINT_RULE_NOT_FOUND);
    await this.audit.record(settingChange('autoreply.complaint-rule.delete', actor, ENTITY, stored, { reason: stored.reason }, meta));
  }

  /** A rule's template, when it names one, is a live template of its own account; any other answers 404, like a missing one. */
  private async assertLiveTemplate(mpAccountId: string, templateId: string | null | undefined): Promise<void> {
    if (templateId && !(await this.templates.findLive(mpAccountId, templateId))) throw AppError.notFound(TEMPLATE_NOT_FOUND);
  }

  private async live(scope: DataScope, id: string): Promise<ComplaintRuleRow> {
    const row = await this.repository.findLive(scope.accountId, id);
    if (!row) throw AppError.notFound(COMPLAINT_RULE_NOT_FOUND);
    return row;
  }
}
