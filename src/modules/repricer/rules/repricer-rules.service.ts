import { Inject, Injectable } from '@nestjs/common';

import { AuthenticatedUser } from '../../../common/auth/authenticated-user';
import type { DataScope } from '../../../common/auth/data-scope';
import type { RequestMeta } from '../../../common/auth/request-meta';
import { AppError } from '../../../common/errors/app-error';
import { Cap, capReached } from '../../../common/errors/cap-reached';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import { FormMetricId, metricOfFormLabel } from '../../../shared/repricer/repricer-form';
import { AuditService } from '../../audit/audit.service';
import { ruleConsistencyErrors, RuleFieldsToCheck } from './repricer-rule-consistency';
import {
  RepricerRuleCreateDto,
  RepricerRuleListQueryDto,
  RepricerRulePageDto,
  RepricerRuleResponseDto,
  RepricerRuleUpdateDto,
} from './repricer-rules.dto';
import { RepricerRuleRow } from './repricer-rules.reader';
import { RepricerRulesRepository, RepricerRuleValues } from './repricer-rules.repository';
import { repricerSchedule } from './repricer-service-schedule';

export const RULE_NOT_FOUND = 'Правило не найдено';

export const RULES_CAP: Cap = {
  variable: 'REPRICER_MAX_RULES_PER_ACCOUNT',
  detail: 'maxRules',
  counted: 'Правил репрайсера у кабинета',
  advice: 'Удалите ненужные правила, чтобы добавить новое',
};

/** numeric columns come back from pg as exact decimal strings; the API answers JSON numbers. */
function toResponse(row: RepricerRuleRow): RepricerRuleResponseDto {
  const { deletedAt: _deletedAt, conditionValue, actionValue, ...rest } = row;
  return { ...rest, conditionValue: conditionValue === null ? null : Number(conditionValue), actionValue: Number(actionValue) };
}

/** The rule as the audit log keeps it: its fields without the id, account and timestamps the record carries. */
function auditedFields(rule: RepricerRuleResponseDto): Record<string, unknown> {
  const { id: _id, mpAccountId: _mpAccountId, createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = rule;
  return fields;
}

function fieldsOf(row: RepricerRuleRow): RuleFieldsToCheck {
  const { conditionValue, actionValue } = toResponse(row);
  return { ...row, conditionValue, actionValue };
}

/** The label after a change: the one given, else the stored one while it still names the rule's metric. */
function labelAfter(stored: RepricerRuleRow, change: RepricerRuleUpdateDto): FormMetricId | null {
  if (change.conditionLabel !== undefined) return change.conditionLabel;
  const metric = change.conditionMetric ?? stored.conditionMetric;
  return stored.conditionLabel !== null && metricOfFormLabel(stored.conditionLabel) === metric ? stored.conditionLabel : null;
}

function assertConsistent(rule: RuleFieldsToCheck): void {
  const details = ruleConsistencyErrors(rule);
  if (details.length > 0) throw AppError.validation(details);
}

/** The stored threshold: none for always, whatever came in. */
function conditionValueText(rule: RuleFieldsToCheck): string | null {
  return rule.conditionOperator === 'always' || rule.conditionValue === null ? null : String(rule.conditionValue);
}

@Injectable()
export class RepricerRulesService {
  constructor(
    private readonly repository: RepricerRulesRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly audit: AuditService,
  ) {}

  async create(actor: AuthenticatedUser, input: RepricerRuleCreateDto, meta: RequestMeta): Promise<RepricerRuleResponseDto> {
    const rule: RuleFieldsToCheck = {
      ...input,
      conditionLabel: input.conditionLabel ?? null,
      conditionValue: input.conditionValue ?? null,
      minPrice: input.minPrice ?? null,
      maxPrice: input.maxPrice ?? null,
    };
    assertConsistent(rule);
    const max = this.config.repricer.maxRulesPerAccount;
    const { row, live } = await this.repository.insertWithin(
      {
        ...input,
        ...rule,
        conditionValue: conditionValueText(rule),
        actionValue: String(rule.actionValue),
        isActive: input.isActive ?? true,
      },
      max,
    );
    if (!row) throw capReached(RULES_CAP, max, live);
    const answer = toResponse(row);
    await this.record('repricer.rule.create', actor, row, { rule: auditedFields(answer) }, meta);
    return answer;
  }

  async list(scope: DataScope, query: RepricerRuleListQueryDto): Promise<RepricerRulePageDto> {
    const page = await this.repository.findPage({ ...query, accountId: scope.accountId });
    return { items: page.items.map(toResponse), meta: page.meta, schedule: repricerSchedule() };
  }

  async get(id: string): Promise<RepricerRuleResponseDto> {
    return toResponse(await this.live(id));
  }

  async update(user: AuthenticatedUser, id: string, change: RepricerRuleUpdateDto, meta: RequestMeta): Promise<RepricerRuleResponseDto> {
    const stored = await this.live(id);
    const rule: RuleFieldsToCheck = { ...fieldsOf(stored), ...change, conditionLabel: labelAfter(stored, change) };
    assertConsistent(rule);
    const values: Partial<RepricerRuleValues> = {
      ...change,
      conditionLabel: rule.conditionLabel,
      conditionValue: conditionValueText(rule),
      actionValue: String(rule.actionValue),
    };
    const row = await this.repository.updateLive(id, values);
    if (!row) throw AppError.notFound(RULE_NOT_FOUND);
    const updated = toResponse(row);
    await this.record('repricer.rule.update', user, row, { changed: Object.keys(change), rule: auditedFields(updated) }, meta);
    return updated;
  }

  async remove(user: AuthenticatedUser, id: string, meta: RequestMeta): Promise<void> {
    const stored = await this.live(id);
    if (!(await this.repository.softDelete(id))) throw AppError.notFound(RULE_NOT_FOUND);
    await this.record('repricer.rule.delete', user, stored, { name: stored.name }, meta);
  }

  /** Rule changes are account changes: audited like them, after the write. */
  private record(
    action: string,
    actor: AuthenticatedUser,
    rule: RepricerRuleRow,
    details: Record<string, unknown>,
    meta: RequestMeta,
  ): Promise<void> {
    return this.audit.record({
      action,
      userId: actor.id,
      mpAccountId: rule.mpAccountId,
      entityType: 'repricer-rule',
      entityId: rule.id,
      details,
      meta,
    });
  }

  private async live(id: string): Promise<RepricerRuleRow> {
    const row = await this.repository.findLive(id);
    if (!row) throw AppError.notFound(RULE_NOT_FOUND);
    return row;
  }
}
