import { Injectable } from '@nestjs/common';

import type { AuthenticatedUser } from '../../../common/auth/authenticated-user';
import type { RequestMeta } from '../../../common/auth/request-meta';
import { AppError } from '../../../common/errors/app-error';
import { MarketplaceClient } from '../../../marketplace/client/marketplace-client';
import { SellerStockConflict, SellerStockError, sellerStocksUpdate } from '../../../marketplace/endpoints/stock';
import { AuditService } from '../../audit/audit.service';
import { settingChange } from '../../audit/setting-change';
import { CatalogReader } from '../../catalog/products/catalog.reader';
import type { FbsStocksUpdateDto, FbsStocksUpdateResultDto } from './inventory-fbs.dto';

/** The marketplace's refusal as the error contract: reference 10.5's 400, 404, 406 and the 409 array per item. */
function refusal(status: number, body: SellerStockConflict | SellerStockError, skuOf: Map<number, string>): AppError {
  if (status === 409 && Array.isArray(body)) {
    const errors = body.map((error) => ({
      code: error.code,
      message: error.message,
      skus: (error.data ?? []).map((item) => (item.chrtId !== undefined ? (skuOf.get(item.chrtId) ?? item.sku) : item.sku)),
    }));
    return new AppError('CONFLICT', `Маркетплейс не принял остатки: ${errors.map((error) => error.message).join('; ')}`, {
      details: { mpStatus: status, errors },
    });
  }
  const { code, message } = body as SellerStockError;
  const details = { mpStatus: status, mpCode: code ?? null, mpMessage: message ?? null };
  if (status === 404) return new AppError('NOT_FOUND', 'Склад продавца не найден', { details });
  if (status === 406)
    return new AppError('CONFLICT', `Маркетплейс заблокировал обновление остатков${message ? `: ${message}` : ''}`, { details });
  return new AppError('BAD_REQUEST', `Маркетплейс отклонил запрос${message ? `: ${message}` : ''}`, { details });
}

/** Writes seller-warehouse (FBS) stock through the marketplace (reference 10.5), by barcode mapped to size ids. */
@Injectable()
export class InventoryFbsService {
  constructor(
    private readonly client: MarketplaceClient,
    private readonly catalog: CatalogReader,
    private readonly audit: AuditService,
  ) {}

  async update(actor: AuthenticatedUser, input: FbsStocksUpdateDto, meta: RequestMeta): Promise<FbsStocksUpdateResultDto> {
    const accountId = input.mpAccountId;
    const chrtIds = await this.catalog.chrtIdsOfBarcodes(
      accountId,
      input.stocks.map((item) => item.sku),
    );
    const unknown = [...new Set(input.stocks.map((item) => item.sku).filter((sku) => !chrtIds.has(sku)))];
    if (unknown.length)
      throw AppError.validation(
        [{ field: 'stocks', errors: ['unknownSku'] }],
        `Баркоды не найдены в каталоге кабинета: ${unknown.join(', ')}`,
      );
    // The marketplace refuses `sku` keys now: each barcode goes as its size id (reference 10.5).
    const stocks = input.stocks.map((item) => ({ chrtId: chrtIds.get(item.sku)!, amount: item.amount }));
    const answer = await this.client.call(sellerStocksUpdate, { accountId }, { warehouseId: input.warehouseId, stocks });
    if (!answer.ok) throw refusal(answer.status, answer.body, new Map(input.stocks.map((item) => [chrtIds.get(item.sku)!, item.sku])));
    const result = { warehouseId: input.warehouseId, updated: stocks.length, units: stocks.reduce((sum, item) => sum + item.amount, 0) };
    await this.audit.record(
      settingChange(
        'inventory.fbs-stocks.update',
        actor,
        'seller-warehouse',
        { id: String(input.warehouseId), mpAccountId: accountId },
        result,
        meta,
      ),
    );
    return result;
  }
}
