import { Injectable } from '@nestjs/common';

import type { AuthenticatedUser } from '../../../common/auth/authenticated-user';
import type { RequestMeta } from '../../../common/auth/request-meta';
import { AppError } from '../../../common/errors/app-error';
import { pageOffset, toPage } from '../../../common/http/pagination';
import type { Page } from '../../../common/http/pagination.dto';
import type { InventoryPlanLine, InventoryPlanParams } from '../../../database/schema';
import { AuditService } from '../../audit/audit.service';
import { settingChange } from '../../audit/setting-change';
import { BookingSuppliesReader } from '../../booking/supplies/booking-supplies.reader';
import { InventoryCover } from '../planning/inventory-cover';
import { replenishmentQuantity } from '../planning/replenishment';
import { velocityPerDay } from '../planning/stock-velocity';
import { InventorySettingsService } from '../settings/inventory-settings.service';
import type { InventoryPlanCreateDto, InventoryPlanDto, InventoryPlansQueryDto, InventoryPlanSummaryDto } from './inventory-plans.dto';
import { PLAN_NOT_FOUND } from './inventory-plans.reader';
import { InventoryPlanRow, InventoryPlansRepository, InventoryPlanSummaryRow } from './inventory-plans.repository';

const number = (value: number, digits = 1) => value.toLocaleString('ru-RU', { maximumFractionDigits: digits });

/** The line's figures in one Russian sentence: how the quantity came out. */
export function planReason(line: Omit<InventoryPlanLine, 'reason'>, params: InventoryPlanParams): string {
  const days = params.targetDays + params.leadTimeDays;
  const need = Math.ceil(line.velocityPerDay * days * params.safetyFactor - 1e-9);
  return (
    `Продаётся ${number(line.velocityPerDay, 2)} шт. в день: на ${days} дн. (${params.targetDays} продаж + ${params.leadTimeDays} до приёмки) ` +
    `с запасом ×${number(params.safetyFactor, 2)} нужно ${need} шт.; на складах ${line.stock}, в поставках ${line.inSupply} — отправить ${line.quantity}.`
  );
}

function summary(row: InventoryPlanSummaryRow): InventoryPlanSummaryDto {
  return {
    id: row.id,
    mpAccountId: row.mpAccountId,
    params: row.params,
    lineCount: row.lineCount,
    units: row.units,
    createdAt: row.createdAt,
  };
}

function plan(row: InventoryPlanRow): InventoryPlanDto {
  return { ...summary(row), lines: row.lines.map((line) => ({ ...line, barcode: line.barcode ?? null })) };
}

/** Replenishment plans: what to send per size so that stock lasts the target days after the lead time. */
@Injectable()
export class InventoryPlansService {
  constructor(
    private readonly repository: InventoryPlansRepository,
    private readonly cover: InventoryCover,
    private readonly settings: InventorySettingsService,
    private readonly supplies: BookingSuppliesReader,
    private readonly audit: AuditService,
  ) {}

  /**
   * Every listed size with sales: its velocity over the window (planning/stock-velocity.ts, the size's own out of stock
   * days skipped), its stock (over `warehouseIds` when given) and units in supplies; lines with nothing to send left out.
   */
  async create(actor: AuthenticatedUser, input: InventoryPlanCreateDto, meta: RequestMeta): Promise<InventoryPlanDto> {
    const accountId = input.mpAccountId;
    const defaults = await this.settings.values(accountId);
    const params: InventoryPlanParams = {
      targetDays: input.targetDays ?? defaults.targetDays,
      leadTimeDays: input.leadTimeDays ?? defaults.leadTimeDays,
      safetyFactor: input.safetyFactor ?? defaults.safetyFactor,
      warehouseIds: input.warehouseIds ?? null,
    };
    const warehouseId = params.warehouseIds?.length === 1 ? params.warehouseIds[0] : null;
    const lines: InventoryPlanLine[] = [];
    for await (const batch of this.cover.batches(accountId, new Date(), params.warehouseIds)) {
      const supply = new Map<string, number>();
      for (const row of await this.supplies.unitsInSupply(
        accountId,
        batch.products.map((product) => product.nmId),
      ))
        supply.set(`${row.nmId}|${row.techSize}`, row.quantity);
      for (const product of batch.products)
        for (const { techSize, skus } of product.sizes) {
          const velocity = velocityPerDay(batch.history(product.nmId, techSize));
          const figures = {
            velocityPerDay: velocity ?? 0,
            stock: batch.quantity(product.nmId, techSize),
            inSupply: supply.get(`${product.nmId}|${techSize}`) ?? 0,
          };
          const quantity = replenishmentQuantity({ ...figures, velocityPerDay: velocity }, params);
          if (quantity <= 0) continue;
          const line = { nmId: product.nmId, size: techSize, barcode: skus[0] ?? null, warehouseId, ...figures, quantity };
          lines.push({ ...line, reason: planReason(line, params) });
        }
    }
    const units = lines.reduce((sum, line) => sum + line.quantity, 0);
    const row = await this.repository.insert({
      mpAccountId: accountId,
      params,
      lines,
      lineCount: lines.length,
      units,
      createdBy: actor.id,
    });
    await this.audit.record(
      settingChange('inventory.plan.create', actor, 'inventory-plan', row, { params, lines: lines.length, units }, meta),
    );
    return plan(row);
  }

  async list(accountId: string, query: InventoryPlansQueryDto): Promise<Page<InventoryPlanSummaryDto>> {
    const { rows, total } = await this.repository.page(accountId, query.limit, pageOffset(query));
    return toPage(rows.map(summary), total, query);
  }

  async get(accountId: string, id: string): Promise<InventoryPlanDto> {
    const row = await this.repository.find(accountId, id);
    if (!row) throw AppError.notFound(PLAN_NOT_FOUND);
    return plan(row);
  }
}
