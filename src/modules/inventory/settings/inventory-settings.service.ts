import { Injectable } from '@nestjs/common';

import type { AuthenticatedUser } from '../../../common/auth/authenticated-user';
import type { RequestMeta } from '../../../common/auth/request-meta';
import { AppError } from '../../../common/errors/app-error';
import { AuditService } from '../../audit/audit.service';
import { settingChange } from '../../audit/setting-change';
import { InventoryCover } from '../planning/inventory-cover';
import type { InventorySettingsDto, InventorySettingsUpdateDto } from './inventory-settings.dto';
import { DEFAULT_INVENTORY_SETTINGS, InventorySettingsRepository, InventorySettingsValues } from './inventory-settings.repository';

const FIELDS = ['urgentDays', 'soonDays', 'targetDays', 'leadTimeDays', 'safetyFactor'] as const;

/** The account's thresholds of days of cover and plan defaults; a change recomputes every SKU's status. */
@Injectable()
export class InventorySettingsService {
  constructor(
    private readonly repository: InventorySettingsRepository,
    private readonly cover: InventoryCover,
    private readonly audit: AuditService,
  ) {}

  /** The account's settings, the defaults where it has none. */
  async values(accountId: string): Promise<InventorySettingsValues> {
    const { updatedAt: _, ...values } = (await this.repository.find(accountId)) ?? { ...DEFAULT_INVENTORY_SETTINGS, updatedAt: null };
    return values;
  }

  async get(accountId: string): Promise<InventorySettingsDto> {
    const row = await this.repository.find(accountId);
    return { mpAccountId: accountId, ...(row ?? { ...DEFAULT_INVENTORY_SETTINGS, updatedAt: null }) };
  }

  /** The fields given replace the current ones; urgent days must stay under soon days (400 naming both otherwise). */
  async update(actor: AuthenticatedUser, input: InventorySettingsUpdateDto, meta: RequestMeta): Promise<InventorySettingsDto> {
    const accountId = input.mpAccountId;
    const current = await this.values(accountId);
    const changed = FIELDS.filter((field) => input[field] !== undefined && input[field] !== null && input[field] !== current[field]);
    const next: InventorySettingsValues = { ...current };
    for (const field of changed) next[field] = input[field]!;
    if (next.urgentDays >= next.soonDays)
      throw AppError.validation(
        [
          { field: 'urgentDays', errors: ['lessThanSoonDays'] },
          { field: 'soonDays', errors: ['greaterThanUrgentDays'] },
        ],
        `Срочный порог (${next.urgentDays} дн.) должен быть меньше порога «скоро» (${next.soonDays} дн.)`,
      );
    const updatedAt = await this.repository.save(accountId, next);
    if (changed.includes('urgentDays') || changed.includes('soonDays')) await this.cover.refresh(accountId, next);
    await this.audit.record(
      settingChange(
        'inventory.settings.update',
        actor,
        'inventory-settings',
        { id: accountId, mpAccountId: accountId },
        { changed, settings: next },
        meta,
      ),
    );
    return { mpAccountId: accountId, ...next, updatedAt };
  }
}
