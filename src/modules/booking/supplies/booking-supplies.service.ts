import { Injectable } from '@nestjs/common';

import type { DataScope } from '../../../common/auth/data-scope';
import { AppError } from '../../../common/errors/app-error';
import type { Page } from '../../../common/http/pagination.dto';
import type { SupplyStatusId } from '../../../marketplace/endpoints/fbw-supplies';
import { AccountSyncStates } from '../../../sync-state/account-sync-states';
import type { BookingSupplyDetailsDto, BookingSupplyDto, BookingSupplyListQueryDto, BookingSyncStartedDto } from './booking-supplies.dto';
import { BOOKING_SUPPLIES_SYNC, BOOKING_SUPPLIES_SYNC_JOB } from './booking-supplies.jobs';
import { shortfallOf, SUPPLY_STATUS_NAMES } from './booking-supplies.mapping';
import { BookingSuppliesRepository, BookingSupplyRecord } from './booking-supplies.repository';

function supplyView(row: BookingSupplyRecord): BookingSupplyDto {
  return {
    supplyId: row.supplyId?.toString() ?? null,
    preorderId: row.preorderId === 0n ? null : row.preorderId.toString(),
    status: row.status,
    statusName: SUPPLY_STATUS_NAMES[row.status as SupplyStatusId],
    warehouseId: row.warehouseId,
    warehouseName: row.warehouseName,
    createDate: row.createDate,
    supplyDate: row.supplyDate,
    factDate: row.factDate,
    quantity: row.quantity,
    acceptedQuantity: row.acceptedQuantity,
    readyForSaleQuantity: row.readyForSaleQuantity,
    shortfall: shortfallOf(row.status, row.quantity, row.acceptedQuantity),
    acceptanceCost: row.acceptanceCost === null ? null : Number(row.acceptanceCost),
  };
}

/** The account's FBW supplies as the last sync left them, and the sync's start. */
@Injectable()
export class BookingSuppliesService {
  constructor(
    private readonly repository: BookingSuppliesRepository,
    private readonly syncStates: AccountSyncStates,
  ) {}

  /** While a sync of the account is unfinished (a user's or the schedule's), its id with alreadyRunning. */
  startSync(accountId: string): Promise<BookingSyncStartedDto> {
    return this.syncStates.start(BOOKING_SUPPLIES_SYNC, BOOKING_SUPPLIES_SYNC_JOB, { mpAccountId: accountId }, accountId);
  }

  async list(scope: DataScope, query: BookingSupplyListQueryDto): Promise<Page<BookingSupplyDto>> {
    const page = await this.repository.page({ ...query, accountId: scope.accountId });
    return { ...page, items: page.items.map(supplyView) };
  }

  async get(scope: DataScope, supplyId: string): Promise<BookingSupplyDetailsDto> {
    const row = await this.repository.findBySupplyId(scope.accountId, supplyId);
    if (!row) throw AppError.notFound('Поставка не найдена');
    const goods = await this.repository.goodsOf(row.id);
    return {
      ...supplyView(row),
      goods: goods.map(({ barcode, nmId, vendorCode, techSize, quantity, acceptedQuantity, readyForSaleQuantity }) => ({
        barcode,
        nmId,
        vendorCode,
        techSize,
        quantity,
        acceptedQuantity,
        readyForSaleQuantity,
      })),
    };
  }
}
