import { setTimeout as sleep } from 'node:timers/promises';

import { Inject, Injectable } from '@nestjs/common';

import { AccountsReader } from '../../../accounts/accounts.reader';
import { moscowToday } from '../../../common/time/moscow-time';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import { BOX_TYPE_IDS, BoxTypeId } from '../../../database/schema/booking';
import { MarketplaceClient } from '../../../marketplace/client/marketplace-client';
import { MarketplaceCallError } from '../../../marketplace/client/marketplace-errors';
import { callSpacingMs } from '../../../marketplace/client/rate-rules';
import { AcceptanceCoefficient, acceptanceCoefficients, fbwWarehouses } from '../../../marketplace/endpoints/supplies';
import { BOX_TYPE_NAMES } from '../../../shared/booking/box-types';
import { NOTIFICATION_KINDS } from '../../../shared/notification-kinds';
import { NotificationsService } from '../../notifications/notifications.service';
import { BookingTaskSupplies } from '../tasks/booking-task-supplies';
import { decideSlots, SlotCell } from './slot-decisions';
import { PendingMatch, SlotMonitorRepository, SourceRow } from './slot-monitor.repository';
import { WarehouseTariffsRefresh } from './warehouse-tariffs-refresh';

/** Every warehouse's coefficients are read this often (the watched ones every cycle), for GET /booking/warehouses. */
export const FULL_GRID_MS = 60 * 60_000;
/** The FBW warehouse list is asked for this often, answered or not (reference 11.3: it too is marked disabled). */
const WAREHOUSE_LIST_MS = 6 * 60 * 60_000;
/** The seller site's supply planning page, where a seller books the slot (the marketplace's API books none). */
const SUPPLY_PLANNING_SCREEN = '/supplies-management/all-supplies';

/**
 * The least time between two coefficients calls of an account: 6 a minute less the client's 2 % (10.2 s), so that
 * however the cycles jitter, no minute holds more than 6 of them (the bucket's burst of 6 would allow more).
 */
export function coefficientsSpacingMs(config: AppConfig): number {
  return callSpacingMs(config.marketplace.rateTimeScale, acceptanceCoefficients);
}

export type SlotPollResult =
  | { skipped: 'nothing-due' }
  | { available: false; message: string }
  | { available: true; cells: number; tasks: number; opened: number; gone: number; notified: number };

/** A cell of the answer with a box type the service knows: a QR supply's cells (no boxTypeID) are not watched. */
function slotCell(item: AcceptanceCoefficient): SlotCell | null {
  if (!BOX_TYPE_IDS.includes(item.boxTypeID as BoxTypeId)) return null;
  return {
    warehouseId: item.warehouseID,
    // Reference 11.1: the day's start, "2024-04-11T00:00:00Z": its date is the Moscow day.
    date: item.date.slice(0, 10),
    boxTypeId: item.boxTypeID!,
    coefficient: item.coefficient,
    allowUnload: item.allowUnload,
  };
}

function due(at: Date | null | undefined, everyMs: number, now: Date): boolean {
  return !at || now.getTime() - at.getTime() >= everyMs;
}

/** One cycle of one account: the coefficients of its watched warehouses, the tasks' matches, their notifications. */
@Injectable()
export class SlotMonitorService {
  constructor(
    private readonly repository: SlotMonitorRepository,
    private readonly client: MarketplaceClient,
    private readonly notifications: NotificationsService,
    private readonly accounts: AccountsReader,
    private readonly taskSupplies: BookingTaskSupplies,
    private readonly tariffs: WarehouseTariffsRefresh,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Accounts a tick polls: those watching a task or waiting for a booked task's supply, and active ones whose
   * coefficients were not read within FULL_GRID_MS.
   */
  async accountsDue(now = new Date()): Promise<string[]> {
    const [watching, sources, active] = await Promise.all([
      this.repository.accountsWatching(),
      this.repository.sources(),
      this.accounts.activeIds(),
    ]);
    const checked = new Map(sources.map((source) => [source.mpAccountId, source.checkedAt]));
    return active.filter((id) => watching.includes(id) || due(checked.get(id), FULL_GRID_MS, now));
  }

  async poll(mpAccountId: string): Promise<SlotPollResult> {
    const now = new Date();
    await this.repository.expire(mpAccountId, moscowToday(now), now);
    // The supplies synced since the last cycle first: a task they booked watches no more.
    await this.taskSupplies.advance(mpAccountId);
    const tasks = await this.repository.watched(mpAccountId);
    const source = await this.repository.source(mpAccountId);
    if (tasks.length === 0 && !due(source?.checkedAt, FULL_GRID_MS, now)) return { skipped: 'nothing-due' };
    await this.listWarehouses(mpAccountId, source, now);
    await this.tariffs.refresh(mpAccountId, source, now);
    const full = due(source?.fullGridAt, FULL_GRID_MS, now);
    const watchedIds = [...new Set(tasks.flatMap((task) => task.warehouseIds))].sort((a, b) => a - b);

    const wait = source?.calledAt ? source.calledAt.getTime() + coefficientsSpacingMs(this.config) - Date.now() : 0;
    if (wait > 0) await sleep(wait);
    await this.repository.markSource(mpAccountId, { calledAt: new Date() });
    let answer: AcceptanceCoefficient[];
    try {
      answer = (
        await this.client.call(acceptanceCoefficients, { accountId: mpAccountId }, full ? {} : { warehouseIDs: watchedIds.join(',') })
      ).body;
    } catch (error) {
      // Our own pacing is no news about the marketplace: the next cycle asks again.
      if (!(error instanceof MarketplaceCallError) || error.code === 'TOO_MANY_REQUESTS') throw error;
      await this.repository.markSource(mpAccountId, { available: false, checkedAt: new Date() });
      await this.repository.moveWatched(mpAccountId, ['active', 'matched'], 'source_unavailable');
      return { available: false, message: error.message };
    }

    // The answer's time, not the poll's start: the wait for the call's spacing may lie between them.
    const readAt = new Date();
    const cells = answer.map(slotCell).filter((cell): cell is SlotCell => cell !== null);
    const warehouses = new Map(
      answer.map((item) => [
        item.warehouseID,
        { warehouseId: item.warehouseID, name: item.warehouseName, isSortingCenter: item.isSortingCenter ?? false },
      ]),
    );
    await this.repository.saveCoefficients(mpAccountId, [...warehouses.values()], cells, readAt);
    await this.repository.markSource(mpAccountId, { available: true, checkedAt: readAt, ...(full ? { fullGridAt: readAt } : {}) });
    await this.repository.restore(mpAccountId);

    const taskIds = tasks.map((task) => task.id);
    const [open, notified] = await Promise.all([this.repository.openMatches(taskIds), this.repository.lastNotified(taskIds)]);
    let opened = 0;
    let gone = 0;
    for (const task of tasks) {
      const decision = decideSlots({
        task,
        cells,
        open: open.get(task.id) ?? [],
        lastNotifiedAt: notified.get(task.id) ?? new Map(),
        today: moscowToday(readAt),
        now: readAt,
        cooldownMs: this.config.booking.cooldownMs,
      });
      if (decision.opened.length === 0 && decision.gone.length === 0) continue;
      await this.repository.applyDecision(task, decision, readAt);
      opened += decision.opened.length;
      gone += decision.gone.length;
    }
    const sent = await this.notifyPending(mpAccountId);
    return { available: true, cells: cells.length, tasks: tasks.length, opened, gone, notified: sent };
  }

  /** Reference 11.3: names of the warehouses; when it does not answer, the coefficients' names serve. */
  private async listWarehouses(mpAccountId: string, source: SourceRow | undefined, now: Date): Promise<void> {
    if (!due(source?.warehousesListedAt, WAREHOUSE_LIST_MS, now)) return;
    await this.repository.markSource(mpAccountId, { warehousesListedAt: now });
    try {
      const { body } = await this.client.call(fbwWarehouses, { accountId: mpAccountId });
      await this.repository.saveWarehouseNames(
        mpAccountId,
        body.map((warehouse) => ({ warehouseId: warehouse.ID, name: warehouse.name })),
      );
    } catch (error) {
      if (!(error instanceof MarketplaceCallError)) throw error;
    }
  }

  /** Each match to notify, once; at least once when a cycle dies between the notification and its mark. */
  private async notifyPending(mpAccountId: string): Promise<number> {
    const pending = await this.repository.pending(mpAccountId);
    const ownerId = pending.length > 0 ? await this.accounts.ownerOf(mpAccountId) : undefined;
    if (!ownerId) return 0;
    for (const match of pending) {
      await this.notifications.notify(ownerId, this.notice(mpAccountId, match));
      await this.repository.markNotified(match.id, new Date());
    }
    return pending.length;
  }

  private notice(mpAccountId: string, match: PendingMatch) {
    const price = match.coefficient === 0 ? 'бесплатная приёмка' : `коэффициент приёмки ${match.coefficient}`;
    const warehouse = match.warehouseName ?? `№ ${match.warehouseId}`;
    return {
      type: NOTIFICATION_KINDS.bookingSlot,
      title: 'Найден слот приёмки',
      body: `Склад ${warehouse}, ${BOX_TYPE_NAMES[match.boxTypeId as BoxTypeId]}: ${price}. Забронируйте поставку на сайте продавца, пока слот не ушёл.`,
      payload: {
        mpAccountId,
        taskId: match.taskId,
        matchId: match.id,
        warehouseId: match.warehouseId,
        date: match.date,
        boxTypeId: match.boxTypeId,
        coefficient: match.coefficient,
        seenAt: match.seenAt.toISOString(),
        link: new URL(SUPPLY_PLANNING_SCREEN, this.config.marketplace.sellerSiteUrl).toString(),
      },
    };
  }
}
