import { Inject, Injectable } from '@nestjs/common';

import type { AuthenticatedUser } from '../../../common/auth/authenticated-user';
import type { DataScope } from '../../../common/auth/data-scope';
import type { RequestMeta } from '../../../common/auth/request-meta';
import { AppError } from '../../../common/errors/app-error';
import { Cap, capReached } from '../../../common/errors/cap-reached';
import { findPgError } from '../../../common/errors/pg-errors';
import type { Page } from '../../../common/http/pagination.dto';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import { AuditService } from '../../audit/audit.service';
import { settingChange } from '../../audit/setting-change';
import { AdBudgetCreateDto, AdBudgetListQueryDto, AdBudgetResponseDto, AdBudgetUpdateDto } from './budgets.dto';
import { AdBudgetRow, AdBudgetsRepository } from './budgets.repository';

export const BUDGET_NOT_FOUND = 'Лимит бюджета не найден';
const ENTITY = 'ad-budget-limit';
const LIVE_CAMPAIGN_KEY = 'ad_budget_limits_live_campaign_key';

export const BUDGET_LIMITS_CAP: Cap = {
  variable: 'AUTOBIDDER_MAX_BUDGET_LIMITS_PER_ACCOUNT',
  detail: 'maxBudgetLimits',
  counted: 'Лимитов бюджета у кабинета',
  advice: 'Удалите лимиты кампаний, которые больше не нужны, чтобы добавить новый',
};

function toResponse(row: AdBudgetRow): AdBudgetResponseDto {
  const { deletedAt: _deletedAt, ...rest } = row;
  return rest;
}

function auditedFields(row: AdBudgetRow): Record<string, unknown> {
  const { advertId, dailyLimitRub, periodLimitRub, periodStartDate, onLimitAction } = row;
  return { advertId, dailyLimitRub, periodLimitRub, periodStartDate, onLimitAction };
}

interface LimitFields {
  dailyLimitRub?: number | null;
  periodLimitRub?: number | null;
  periodStartDate?: string | null;
}

/** Spec: Ad budget limit. At least one of the two limits; a period limit needs its first day. On a PATCH: the stored limit with the change. */
function assertLimits(limit: LimitFields): void {
  if (limit.dailyLimitRub == null && limit.periodLimitRub == null)
    throw AppError.validation(
      [
        { field: 'dailyLimitRub', errors: ['atLeastOneLimit'] },
        { field: 'periodLimitRub', errors: ['atLeastOneLimit'] },
      ],
      'Укажите дневной лимит, лимит за период или оба',
    );
  if (limit.periodLimitRub != null && limit.periodStartDate == null)
    throw AppError.validation(
      [{ field: 'periodStartDate', errors: ['requiredWithPeriodLimit'] }],
      'Для лимита за период укажите первый день периода (periodStartDate)',
    );
}

@Injectable()
export class AdBudgetsService {
  constructor(
    private readonly repository: AdBudgetsRepository,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async create(actor: AuthenticatedUser, input: AdBudgetCreateDto, meta: RequestMeta): Promise<AdBudgetResponseDto> {
    assertLimits(input);
    const max = this.config.caps.budgetLimitsPerAccount;
    const { row, live } = await this.repository.insertWithin(input, max).catch((error: unknown) => {
      if (findPgError(error)?.constraint === LIVE_CAMPAIGN_KEY)
        throw new AppError('CONFLICT', `У кампании ${input.advertId} уже есть лимит бюджета: измените его или удалите`, { cause: error });
      throw error;
    });
    if (!row) throw capReached(BUDGET_LIMITS_CAP, max, live);
    await this.audit.record(settingChange('autobidder.budget.create', actor, ENTITY, row, { budget: auditedFields(row) }, meta));
    return toResponse(row);
  }

  async list(scope: DataScope, query: AdBudgetListQueryDto): Promise<Page<AdBudgetResponseDto>> {
    const page = await this.repository.findPage({ ...query, accountId: scope.accountId });
    return { items: page.items.map(toResponse), meta: page.meta };
  }

  async get(scope: DataScope, id: string): Promise<AdBudgetResponseDto> {
    return toResponse(await this.live(scope, id));
  }

  async update(
    actor: AuthenticatedUser,
    scope: DataScope,
    id: string,
    change: AdBudgetUpdateDto,
    meta: RequestMeta,
  ): Promise<AdBudgetResponseDto> {
    const stored = await this.live(scope, id);
    assertLimits({ ...stored, ...change });
    const row = await this.repository.updateLive(id, change);
    if (!row) throw AppError.notFound(BUDGET_NOT_FOUND);
    await this.audit.record(
      settingChange('autobidder.budget.update', actor, ENTITY, row, { changed: Object.keys(change), budget: auditedFields(row) }, meta),
    );
    return toResponse(row);
  }

  async remove(actor: AuthenticatedUser, scope: DataScope, id: string, meta: RequestMeta): Promise<void> {
    const stored = await this.live(scope, id);
    if (!(await this.repository.softDelete(id))) throw AppError.notFound(BUDGET_NOT_FOUND);
    await this.audit.record(settingChange('autobidder.budget.delete', actor, ENTITY, stored, { budget: auditedFields(stored) }, meta));
  }

  private async live(scope: DataScope, id: string): Promise<AdBudgetRow> {
    const row = await this.repository.findLive(scope.accountId, id);
    if (!row) throw AppError.notFound(BUDGET_NOT_FOUND);
    return row;
  }
}
