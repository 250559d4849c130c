import { Injectable } from '@nestjs/common';

import type { AuthenticatedUser } from '../../../common/auth/authenticated-user';
import type { DataScope } from '../../../common/auth/data-scope';
import type { RequestMeta } from '../../../common/auth/request-meta';
import { AppError } from '../../../common/errors/app-error';
import { moscowToday } from '../../../common/time/moscow-time';
import { AuditService } from '../../audit/audit.service';
import { CatalogReader } from '../products/catalog.reader';
import { unknownCards } from '../products/unknown-cards';
import type { CostBulkResultDto, CostEntryDto, CostHistoryDto, CostItemDto } from './catalog-costs.dto';
import { CatalogCostsRepository, CostRow } from './catalog-costs.repository';

export const PRODUCT_NOT_FOUND = 'Товар не найден';
const AUDIT_ACTION = 'catalog.cost.update';

/** A stored row as the API answers it: numeric text parsed, never computed. */
function entry(row: Omit<CostRow, 'previous'>): CostEntryDto {
  return { nmId: row.nmId, costPrice: Number(row.costPrice), validFrom: row.validFrom, updatedBy: row.updatedBy, updatedAt: row.updatedAt };
}

/** Dated cost prices of the account's cards: set one or a file's worth at once, each change audited with what it replaced. */
@Injectable()
export class CatalogCostsService {
  constructor(
    private readonly repository: CatalogCostsRepository,
    private readonly catalog: CatalogReader,
    private readonly audit: AuditService,
  ) {}

  /** Stores the items when every card is one the user sees and no card has a day twice; otherwise nothing is stored. */
  async save(actor: AuthenticatedUser, scope: DataScope, items: CostItemDto[], meta: RequestMeta): Promise<CostBulkResultDto> {
    const seen = new Set<string>();
    const repeated = items.flatMap((item, index) => {
      const key = `${item.nmId}|${item.validFrom}`;
      if (seen.has(key)) return [{ field: `items.${index}`, errors: ['duplicateNmIdAndValidFrom'] }];
      seen.add(key);
      return [];
    });
    if (repeated.length)
      throw AppError.validation(repeated, 'У товара в один день может быть одна себестоимость: пара nmId и validFrom повторяется');
    const missing = await this.catalog.missingNmIds(scope.accountId, [...new Set(items.map((item) => item.nmId))], scope.brandIds);
    // One card is named by the request itself; a file's unknown cards are listed so that its lines can be fixed.
    if (missing.length && items.length === 1) throw AppError.notFound(PRODUCT_NOT_FOUND);
    if (missing.length) throw unknownCards(missing);
    const rows = await this.repository.save(scope.accountId, items, actor.id);
    await this.audit.record({
      action: AUDIT_ACTION,
      userId: actor.id,
      mpAccountId: scope.accountId,
      entityType: 'product',
      entityId: rows.length === 1 ? String(rows[0].nmId) : undefined,
      details: {
        items: rows.map((row) => ({
          nmId: row.nmId,
          validFrom: row.validFrom,
          before: row.previous === null ? null : Number(row.previous),
          after: Number(row.costPrice),
        })),
      },
      meta,
    });
    return { saved: rows.length, items: rows.map(entry) };
  }

  /** One card's cost prices, newest first, and the one valid today; a card the user does not see is 404. */
  async history(scope: DataScope, nmId: number): Promise<CostHistoryDto> {
    if ((await this.catalog.missingNmIds(scope.accountId, [nmId], scope.brandIds)).length) throw AppError.notFound(PRODUCT_NOT_FOUND);
    const items = (await this.repository.history(scope.accountId, nmId)).map(entry);
    const today = moscowToday(new Date());
    return { items, costPrice: items.find((item) => item.validFrom <= today)?.costPrice ?? null };
  }
}
