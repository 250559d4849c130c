import { Inject, Injectable } from '@nestjs/common';

import type { AuthenticatedUser } from '../../../common/auth/authenticated-user';
import type { DataScope } from '../../../common/auth/data-scope';
import type { RequestMeta } from '../../../common/auth/request-meta';
import { AppError } from '../../../common/errors/app-error';
import { Cap, capReached } from '../../../common/errors/cap-reached';
import type { Page } from '../../../common/http/pagination.dto';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import { AuditService } from '../../audit/audit.service';
import { settingChange } from '../../audit/setting-change';
import { InboxRepository } from '../inbox/inbox.repository';
import { ReplyTemplatesRepository } from '../templates/reply-templates.repository';
import { TEMPLATE_NOT_FOUND } from '../templates/reply-templates.service';
import { chooseScenario } from './reply-scenario-choice';
import {
  ReplyScenarioCreateDto,
  ReplyScenarioListQueryDto,
  ReplyScenarioMatchQueryDto,
  ReplyScenarioResponseDto,
  ReplyScenarioUpdateDto,
} from './reply-scenarios.dto';
import { ReplyScenarioRow, ReplyScenariosRepository } from './reply-scenarios.repository';

export const SCENARIO_NOT_FOUND = 'Сценарий ответа не найден';
export const INBOX_ITEM_NOT_FOUND = 'Отзыв или вопрос не найден';
export const NO_SCENARIO_FITS = 'Ни один активный сценарий кабинета не подходит к этому отзыву или вопросу';
const ENTITY = 'reply-scenario';

export const SCENARIOS_CAP: Cap = {
  variable: 'AUTOREPLY_MAX_SCENARIOS_PER_ACCOUNT',
  detail: 'maxScenarios',
  counted: 'Сценариев ответов у кабинета',
  advice: 'Удалите ненужные сценарии, чтобы добавить новый',
};

function toResponse(row: ReplyScenarioRow): ReplyScenarioResponseDto {
  const { deletedAt: _deletedAt, ...rest } = row;
  return rest;
}

/** The scenario as the audit log keeps it: its fields without the id, account and timestamps the record carries. */
function auditedFields(row: ReplyScenarioRow): Record<string, unknown> {
  const { id: _id, mpAccountId: _mpAccountId, createdAt: _createdAt, updatedAt: _updatedAt, deletedAt: _deletedAt, ...fields } = row;
  return fields;
}

/** Spec: Reply scenario. On a PATCH the bounds are the stored ones with the change applied. */
function assertRatingRange(ratingMin: number | null | undefined, ratingMax: number | null | undefined): void {
  if (ratingMin != null && ratingMax != null && ratingMin > ratingMax)
    throw AppError.validation([{ field: 'ratingMin', errors: ['notAboveRatingMax'] }], 'Минимальная оценка больше максимальной');
}

@Injectable()
export class ReplyScenariosService {
  constructor(
    private readonly repository: ReplyScenariosRepository,
    private readonly templates: ReplyTemplatesRepository,
    private readonly inbox: InboxRepository,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async create(actor: AuthenticatedUser, input: ReplyScenarioCreateDto, meta: RequestMeta): Promise<ReplyScenarioResponseDto> {
    assertRatingRange(input.ratingMin, input.ratingMax);
    await this.assertLiveTemplate(input.mpAccountId, input.templateId);
    const max = this.config.caps.scenariosPerAccount;
    const { row, live } = await this.repository.insertWithin(input, max);
    if (!row) throw capReached(SCENARIOS_CAP, max, live);
    await this.audit.record(settingChange('autoreply.scenario.create', actor, ENTITY, row, { scenario: auditedFields(row) }, meta));
    return toResponse(row);
  }

  async list(scope: DataScope, query: ReplyScenarioListQueryDto): Promise<Page<ReplyScenarioResponseDto>> {
    const page = await this.repository.findPage({ ...query, accountId: scope.accountId });
    return { items: page.items.map(toResponse), meta: page.meta };
  }

  async get(scope: DataScope, id: string): Promise<ReplyScenarioResponseDto> {
    return toResponse(await this.live(scope, id));
  }

  async update(
    actor: AuthenticatedUser,
    scope: DataScope,
    id: string,
    change: ReplyScenarioUpdateDto,
    meta: RequestMeta,
  ): Promise<ReplyScenarioResponseDto> {
    const stored = await this.live(scope, id);
    const merged = { ...stored, ...change };
    assertRatingRange(merged.ratingMin, merged.ratingMax);
    if (change.templateId !== undefined) await this.assertLiveTemplate(stored.mpAccountId, change.templateId);
    const row = await this.repository.updateLive(id, change);
    if (!row) throw AppError.notFound(SCENARIO_NOT_FOUND);
    const details = { changed: Object.keys(change), scenario: auditedFields(row) };
    await this.audit.record(settingChange('autoreply.scenario.update', actor, ENTITY, row, details, meta));
    return toResponse(row);
  }

  async remove(actor: AuthenticatedUser, scope: DataScope, id: string, meta: RequestMeta): Promise<void> {
    const stored = await this.live(scope, id);
    if (!(await this.repository.softDelete(id))) throw AppError.notFound(SCENARIO_NOT_FOUND);
    await this.audit.record(settingChange('autoreply.scenario.delete', actor, ENTITY, stored, { scenario: auditedFields(stored) }, meta));
  }

  /** Spec: Reply rule 1. The scenario a reply to the item would be prepared with. */
  async match(scope: DataScope, query: ReplyScenarioMatchQueryDto): Promise<ReplyScenarioResponseDto> {
    const item = await this.inbox.findOfAccount(scope.accountId, query.feedbackId);
    if (!item) throw AppError.notFound(INBOX_ITEM_NOT_FOUND);
    // The inbox keeps a missing brand as empty text; a scenario's brand is never empty.
    const facts = { kind: item.kind, rating: item.rating, brand: item.brand === '' ? null : item.brand };
    const chosen = chooseScenario(await this.repository.activeOf(scope.accountId), facts);
    if (!chosen) throw AppError.notFound(NO_SCENARIO_FITS);
    return toResponse(chosen);
  }

  /** A scenario names a live template of its own account; any other answers 404, like a missing one. */
  private async assertLiveTemplate(mpAccountId: string, templateId: string): Promise<void> {
    if (!(await this.templates.findLive(mpAccountId, templateId))) throw AppError.notFound(TEMPLATE_NOT_FOUND);
  }

  private async live(scope: DataScope, id: string): Promise<ReplyScenarioRow> {
    const row = await this.repository.findLive(scope.accountId, id);
    if (!row) throw AppError.notFound(SCENARIO_NOT_FOUND);
    return row;
  }
}
