import { Injectable } from '@nestjs/common';

import { AccountsReader } from '../../../accounts/accounts.reader';
import { moscowToday } from '../../../common/time/moscow-time';
import { NOTIFICATION_KINDS } from '../../../shared/notification-kinds';
import { NotificationsService } from '../../notifications/notifications.service';
import { ClaimedAlert, InventoryAlertsRepository } from './inventory-alerts.repository';

function body(alert: ClaimedAlert): string {
  const sku = `${alert.title} (арт. ${alert.vendorCode}, ${alert.nmId})`;
  if (alert.status === 'oos') return `${sku}: товар закончился на складах`;
  return `${sku}: запаса осталось на ${(alert.daysOfCover ?? 0).toFixed(1)} дн.`;
}

/** Tells the account's owner of each SKU that entered urgent or out of stock (inventory.urgent), once per SKU per Moscow day. */
@Injectable()
export class InventoryAlerts {
  constructor(
    private readonly repository: InventoryAlertsRepository,
    private readonly accounts: AccountsReader,
    private readonly notifications: NotificationsService,
  ) {}

  /** At the end of a sync, after the covers: how many were told. */
  async tell(accountId: string, now = new Date()): Promise<number> {
    const owner = await this.accounts.ownerOf(accountId);
    if (!owner) return 0;
    const alerts = await this.repository.claim(accountId, moscowToday(now));
    for (const alert of alerts)
      await this.notifications.notify(owner, {
        type: NOTIFICATION_KINDS.inventoryUrgent,
        title: alert.status === 'oos' ? 'Товар закончился' : 'Товар скоро закончится',
        body: body(alert),
        payload: { mpAccountId: accountId, nmId: alert.nmId, status: alert.status, daysOfCover: alert.daysOfCover },
      });
    return alerts.length;
  }
}
