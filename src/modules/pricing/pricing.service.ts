import { Injectable } from '@nestjs/common';

import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import type { RequestMeta } from '../../common/auth/request-meta';
import { AppError } from '../../common/errors/app-error';
import { Page } from '../../common/http/pagination.dto';
import type { BulkItem } from '../../database/schema/pricing';
import { AuditService } from '../audit/audit.service';
import { CatalogReader } from '../catalog/products/catalog.reader';
import { PriceChanges } from './price-changes';
import { PriceChangesRepository } from './price-changes.repository';
import { DiscountSetDto, PriceHistoryItemDto, PriceHistoryQueryDto, PriceSetDto, PriceTaskDto } from './pricing.dto';

export const PRODUCT_NOT_FOUND = 'Товар не найден в каталоге кабинета';

/** Spec: Pricing routes 1. A single price or discount change: one upload with one item, synchronously. */
@Injectable()
export class PricingService {
  constructor(
    private readonly changes: PriceChangesRepository,
    private readonly catalog: CatalogReader,
    private readonly priceChanges: PriceChanges,
    private readonly audit: AuditService,
  ) {}

  setPrice(user: AuthenticatedUser, input: PriceSetDto, meta: RequestMeta): Promise<PriceTaskDto> {
    return this.change(user, input.mpAccountId, { nmID: input.nmID, price: input.price, discount: input.discount }, 'pricing.set', meta);
  }

  setDiscount(user: AuthenticatedUser, input: DiscountSetDto, meta: RequestMeta): Promise<PriceTaskDto> {
    return this.change(user, input.mpAccountId, { nmID: input.nmID, discount: input.discount }, 'pricing.discount.set', meta);
  }

  history(query: PriceHistoryQueryDto): Promise<Page<PriceHistoryItemDto>> {
    return this.changes.findHistoryPage(query);
  }

  /** Nothing is recorded unless the marketplace accepted the upload: a failed call leaves no history and no audit. */
  private async change(
    user: AuthenticatedUser,
    mpAccountId: string,
    item: BulkItem,
    action: string,
    meta: RequestMeta,
  ): Promise<PriceTaskDto> {
    if (!(await this.catalog.findSnapshot(mpAccountId, item.nmID))) throw AppError.notFound(PRODUCT_NOT_FOUND);
    const [{ outcome, before: snapshots }] = await this.priceChanges.apply(mpAccountId, [item], {
      origin: { source: 'manual', userId: user.id },
    });
    if (!outcome.accepted) {
      throw new AppError('BAD_REQUEST', `Маркетплейс отклонил изменение: ${outcome.errorText}`, {
        details: { errorText: outcome.errorText },
      });
    }
    const before = snapshots.get(item.nmID);
    await this.audit.record({
      action,
      userId: user.id,
      mpAccountId,
      entityType: 'product',
      entityId: String(item.nmID),
      details: {
        nmID: item.nmID,
        price: item.price,
        discount: item.discount,
        oldPrice: before?.price ?? null,
        oldDiscount: before?.discount ?? null,
        taskId: outcome.taskId,
      },
      meta,
    });
    return { taskId: outcome.taskId };
  }
}
