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
import { BID_STRATEGY_BOUNDS_CHECK } from '../../../database/schema/autobidder';
import { AuditService } from '../../audit/audit.service';
import { settingChange } from '../../audit/setting-change';
import { BidStrategyCreateDto, BidStrategyListQueryDto, BidStrategyResponseDto, BidStrategyUpdateDto } from './bid-strategies.dto';
import { BidStrategiesRepository, BidStrategyRow, BidStrategyValues } from './bid-strategies.repository';

export const STRATEGY_NOT_FOUND = 'Стратегия ставок не найдена';
const ENTITY = 'bid-strategy';

/** numeric columns come back from pg as exact decimal strings; the API answers JSON numbers. */
function toResponse(row: BidStrategyRow): BidStrategyResponseDto {
  const { deletedAt: _deletedAt, targetDrrPct, ...rest } = row;
  return { ...rest, targetDrrPct: targetDrrPct === null ? null : Number(targetDrrPct) };
}

/** The strategy as the audit log keeps it: its fields without the id, account and timestamps the record carries. */
function auditedFields(row: BidStrategyRow): Record<string, unknown> {
  const { id: _id, mpAccountId: _mpAccountId, createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = toResponse(row);
  return fields;
}

/** The DTO's fields as the columns keep them (the DRR target as exact decimal text). */
function columnsOf<T extends Partial<BidStrategyCreateDto>>(input: T): Omit<T, 'targetDrrPct'> & { targetDrrPct?: string | null } {
  const { targetDrrPct, ...rest } = input;
  return { ...rest, ...(targetDrrPct === undefined ? {} : { targetDrrPct: targetDrrPct === null ? null : String(targetDrrPct) }) };
}

function minAboveMax(cause?: unknown): AppError {
  const details = [{ field: 'minBid', errors: ['notAboveMaxBid'] }];
  return new AppError('VALIDATION_FAILED', 'Минимальная ставка больше максимальной', { details, cause });
}

/** Spec: Bid strategy. The CPC goal needs its target; 1 ≤ minBid ≤ maxBid. On a PATCH: the stored strategy with the change. */
function assertConsistent(strategy: Pick<BidStrategyValues, 'goal' | 'targetCpc' | 'minBid' | 'maxBid'>): void {
  if (strategy.goal === 'cpc' && strategy.targetCpc == null)
    throw AppError.validation([{ field: 'targetCpc', errors: ['requiredForCpc'] }], 'Для цели cpc укажите целевую цену клика (targetCpc)');
  if (strategy.minBid > strategy.maxBid) throw minAboveMax();
}

/** The database's own bound (a PATCH racing another one on the same strategy): the same answer as the check above. */
function boundsViolation(error: unknown): never {
  if (findPgError(error)?.constraint === BID_STRATEGY_BOUNDS_CHECK) throw minAboveMax(error);
  throw error;
}

export const STRATEGIES_CAP: Cap = {
  variable: 'AUTOBIDDER_MAX_STRATEGIES_PER_ACCOUNT',
  detail: 'maxStrategies',
  counted: 'Стратегий ставок у кабинета',
  advice: 'Удалите ненужные стратегии, чтобы добавить новую',
};

export const CAMPAIGNS_CAP: Cap = {
  variable: 'AUTOBIDDER_MAX_CAMPAIGNS_PER_STRATEGY',
  detail: 'maxCampaigns',
  counted: 'Кампаний в списке стратегии',
  advice: 'Разделите кампании между несколькими стратегиями',
};

@Injectable()
export class BidStrategiesService {
  constructor(
    private readonly repository: BidStrategiesRepository,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async create(actor: AuthenticatedUser, input: BidStrategyCreateDto, meta: RequestMeta): Promise<BidStrategyResponseDto> {
    assertConsistent(input);
    this.assertCampaignsWithinCap(input.campaigns);
    const max = this.config.caps.strategiesPerAccount;
    const { row, live } = await this.repository.insertWithin(columnsOf(input), max).catch(boundsViolation);
    if (!row) throw capReached(STRATEGIES_CAP, max, live);
    await this.audit.record(settingChange('autobidder.strategy.create', actor, ENTITY, row, { strategy: auditedFields(row) }, meta));
    return toResponse(row);
  }

  async list(scope: DataScope, query: BidStrategyListQueryDto): Promise<Page<BidStrategyResponseDto>> {
    const page = await this.repository.findPage({ ...query, accountId: scope.accountId });
    return { items: page.items.map(toResponse), meta: page.meta };
  }

  async get(scope: DataScope, id: string): Promise<BidStrategyResponseDto> {
    return toResponse(await this.live(scope, id));
  }

  async update(
    actor: AuthenticatedUser,
    scope: DataScope,
    id: string,
    change: BidStrategyUpdateDto,
    meta: RequestMeta,
  ): Promise<BidStrategyResponseDto> {
    const stored = await this.live(scope, id);
    assertConsistent({ ...stored, ...change });
    this.assertCampaignsWithinCap(change.campaigns);
    const row = await this.repository.updateLive(id, columnsOf(change)).catch(boundsViolation);
    if (!row) throw AppError.notFound(STRATEGY_NOT_FOUND);
    await this.audit.record(
      settingChange('autobidder.strategy.update', actor, ENTITY, row, { changed: Object.keys(change), strategy: auditedFields(row) }, meta),
    );
    return toResponse(row);
  }

  async remove(actor: AuthenticatedUser, scope: DataScope, id: string, meta: RequestMeta): Promise<void> {
    const stored = await this.live(scope, id);
    if (!(await this.repository.softDelete(id))) throw AppError.notFound(STRATEGY_NOT_FOUND);
    await this.audit.record(settingChange('autobidder.strategy.delete', actor, ENTITY, stored, { name: stored.name }, meta));
  }

  private assertCampaignsWithinCap(campaigns: number[] | undefined): void {
    const max = this.config.caps.campaignsPerStrategy;
    if (campaigns && campaigns.length > max) throw capReached(CAMPAIGNS_CAP, max, campaigns.length);
  }

  private async live(scope: DataScope, id: string): Promise<BidStrategyRow> {
    const row = await this.repository.findLive(scope.accountId, id);
    if (!row) throw AppError.notFound(STRATEGY_NOT_FOUND);
    return row;
  }
}
