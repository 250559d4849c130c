import { Injectable } from '@nestjs/common';

import { AccountsReader } from '../../../accounts/accounts.reader';
import { DAY_MS } from '../../../common/time/calendar-days';
import { NOTIFICATION_KINDS } from '../../../shared/notification-kinds';
import { NotificationsService } from '../../notifications/notifications.service';
import { BookingSuppliesRepository } from './booking-supplies.repository';

/**
 * A supply not accepted and created within this many days is on its way: the schedule syncs its account. An older one
 * that never reached acceptance (an order never planned stays in the list for ever) no longer keeps it syncing; a
 * shortfall is told of supplies changed within the same window, so an account's first sync does not tell old history.
 */
export const IN_FLIGHT_DAYS = 30;

/** Tells the account's owner of each accepted supply short of units (booking.shortfall), once per supply. */
@Injectable()
export class SupplyShortfallNotices {
  constructor(
    private readonly repository: BookingSuppliesRepository,
    private readonly accounts: AccountsReader,
    private readonly notifications: NotificationsService,
  ) {}

  /**
   * The supplies are claimed before they are told, in one statement: a sync run again (retried, resumed, scheduled)
   * never tells one twice. How many were told.
   */
  async tell(accountId: string): Promise<number> {
    const owner = await this.accounts.ownerOf(accountId);
    if (!owner) return 0;
    const short = await this.repository.claimShortfalls(accountId, new Date(Date.now() - IN_FLIGHT_DAYS * DAY_MS));
    for (const supply of short) {
      const shortfall = supply.quantity - supply.acceptedQuantity;
      await this.notifications.notify(owner, {
        type: NOTIFICATION_KINDS.bookingShortfall,
        title: 'Недостача при приёмке поставки',
        body: `Поставка ${supply.supplyId} на склад ${supply.warehouseName ?? ''}: принято ${supply.acceptedQuantity} из ${supply.quantity}, недостача ${shortfall}`,
        payload: {
          mpAccountId: accountId,
          supplyId: supply.supplyId?.toString() ?? null,
          warehouseId: supply.warehouseId,
          quantity: supply.quantity,
          acceptedQuantity: supply.acceptedQuantity,
          shortfall,
        },
      });
    }
    return short.length;
  }
}
