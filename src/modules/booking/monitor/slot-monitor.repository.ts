import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, isNull, lt, max, sql } from 'drizzle-orm';

import { DATABASE, Database } from '../../../database/database.tokens';
import {
  bookingCoefficients,
  bookingMatches,
  bookingSources,
  bookingTasks,
  BookingTaskStatus,
  bookingWarehouses,
} from '../../../database/schema/booking';
import { Transaction } from '../../../database/transaction';
import { cellKey, OpenMatch, SlotCell, SlotDecision, WATCHED_STATUSES } from './slot-decisions';

export type WatchedTaskRow = typeof bookingTasks.$inferSelect;
export type SourceRow = typeof bookingSources.$inferSelect;

/** A match to notify its account's owner of, with what the notification says. */
export interface PendingMatch {
  id: string;
  taskId: string;
  date: string;
  warehouseId: number;
  warehouseName: string | null;
  boxTypeId: number;
  coefficient: number;
  seenAt: Date;
}

/** Every query of the slot monitor: sources, the coefficients read, tasks watched and their matches. */
@Injectable()
export class SlotMonitorRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Accounts with a task the monitor watches, or a booked one that waits for its supply's acceptance. */
  async accountsWatching(): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ id: bookingTasks.mpAccountId })
      .from(bookingTasks)
      .where(inArray(bookingTasks.status, [...WATCHED_STATUSES, 'booked']));
    return rows.map((row) => row.id);
  }

  async sources(): Promise<SourceRow[]> {
    return this.db.select().from(bookingSources);
  }

  async source(mpAccountId: string): Promise<SourceRow | undefined> {
    const [row] = await this.db.select().from(bookingSources).where(eq(bookingSources.mpAccountId, mpAccountId));
    return row;
  }

  async markSource(mpAccountId: string, values: Partial<Omit<SourceRow, 'mpAccountId'>>): Promise<void> {
    await this.db
      .insert(bookingSources)
      .values({ mpAccountId, ...values })
      .onConflictDoUpdate({ target: bookingSources.mpAccountId, set: values });
  }

  /** Tasks whose last day has passed expire (Moscow days), and their open matches are gone with them. */
  async expire(mpAccountId: string, today: string, now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      const expired = await tx
        .update(bookingTasks)
        .set({ status: 'expired', updatedAt: sql`now()` })
        .where(
          and(
            eq(bookingTasks.mpAccountId, mpAccountId),
            inArray(bookingTasks.status, [...WATCHED_STATUSES, 'paused']),
            lt(bookingTasks.dateTo, today),
          ),
        )
        .returning({ id: bookingTasks.id });
      if (expired.length > 0)
        await tx
          .update(bookingMatches)
          .set({ goneAt: now })
          .where(
            and(
              inArray(
                bookingMatches.taskId,
                expired.map((task) => task.id),
              ),
              isNull(bookingMatches.goneAt),
            ),
          );
    });
  }

  watched(mpAccountId: string): Promise<WatchedTaskRow[]> {
    return this.db
      .select()
      .from(bookingTasks)
      .where(and(eq(bookingTasks.mpAccountId, mpAccountId), inArray(bookingTasks.status, [...WATCHED_STATUSES])));
  }

  /** The warehouse list's names; a sorting-centre mark comes with the coefficients. */
  async saveWarehouseNames(mpAccountId: string, warehouses: { warehouseId: number; name: string }[]): Promise<void> {
    if (warehouses.length === 0) return;
    await this.db
      .insert(bookingWarehouses)
      .values(warehouses.map((warehouse) => ({ mpAccountId, ...warehouse })))
      .onConflictDoUpdate({
        target: [bookingWarehouses.mpAccountId, bookingWarehouses.warehouseId],
        set: { name: sql`excluded.name` },
      });
  }

  /** The cells read replace those kept of the same warehouses, which are marked read at `at`. */
  async saveCoefficients(
    mpAccountId: string,
    warehouses: { warehouseId: number; name: string; isSortingCenter: boolean }[],
    cells: SlotCell[],
    at: Date,
  ): Promise<void> {
    const ids = warehouses.map((warehouse) => warehouse.warehouseId);
    await this.db.transaction(async (tx) => {
      if (ids.length > 0) {
        await tx
          .insert(bookingWarehouses)
          .values(warehouses.map((warehouse) => ({ mpAccountId, ...warehouse, coefficientsAt: at })))
          .onConflictDoUpdate({
            target: [bookingWarehouses.mpAccountId, bookingWarehouses.warehouseId],
            set: { isSortingCenter: sql`excluded.is_sorting_center`, coefficientsAt: at },
          });
        await tx
          .delete(bookingCoefficients)
          .where(and(eq(bookingCoefficients.mpAccountId, mpAccountId), inArray(bookingCoefficients.warehouseId, ids)));
      }
      for (let start = 0; start < cells.length; start += 1000)
        await tx.insert(bookingCoefficients).values(cells.slice(start, start + 1000).map((cell) => ({ mpAccountId, ...cell })));
    });
  }

  /** The watched tasks of the account move from `from` to `to`. */
  async moveWatched(mpAccountId: string, from: readonly BookingTaskStatus[], to: BookingTaskStatus): Promise<void> {
    await this.db
      .update(bookingTasks)
      .set({ status: to, updatedAt: sql`now()` })
      .where(and(eq(bookingTasks.mpAccountId, mpAccountId), inArray(bookingTasks.status, [...from])));
  }

  async openMatches(taskIds: string[]): Promise<Map<string, OpenMatch[]>> {
    const rows =
      taskIds.length === 0
        ? []
        : await this.db
            .select({
              id: bookingMatches.id,
              taskId: bookingMatches.taskId,
              warehouseId: bookingMatches.warehouseId,
              date: bookingMatches.date,
              boxTypeId: bookingMatches.boxTypeId,
            })
            .from(bookingMatches)
            .where(and(inArray(bookingMatches.taskId, taskIds), isNull(bookingMatches.goneAt)));
    const byTask = new Map<string, OpenMatch[]>();
    for (const { taskId, ...match } of rows) byTask.set(taskId, [...(byTask.get(taskId) ?? []), match]);
    return byTask;
  }

  /** When each task was last notified of each cell: the seenAt of its last match that was to be notified. */
  async lastNotified(taskIds: string[]): Promise<Map<string, Map<string, Date>>> {
    const rows =
      taskIds.length === 0
        ? []
        : await this.db
            .select({
              taskId: bookingMatches.taskId,
              warehouseId: bookingMatches.warehouseId,
              date: bookingMatches.date,
              boxTypeId: bookingMatches.boxTypeId,
              at: max(bookingMatches.seenAt),
            })
            .from(bookingMatches)
            .where(and(inArray(bookingMatches.taskId, taskIds), eq(bookingMatches.notify, true)))
            .groupBy(bookingMatches.taskId, bookingMatches.warehouseId, bookingMatches.date, bookingMatches.boxTypeId);
    const byTask = new Map<string, Map<string, Date>>();
    for (const row of rows) {
      const cells = byTask.get(row.taskId) ?? new Map<string, Date>();
      cells.set(cellKey(row), new Date(row.at!));
      byTask.set(row.taskId, cells);
    }
    return byTask;
  }

  /**
   * A task's decision in one transaction: its new matches, its gone ones, and matched once a match opened. A task paused,
   * cancelled or expired since the poll read it keeps out of it (its row is locked while the decision is written).
   */
  async applyDecision(task: WatchedTaskRow, decision: SlotDecision, now: Date): Promise<void> {
    await this.db.transaction(async (tx: Transaction) => {
      const [current] = await tx
        .select({ status: bookingTasks.status })
        .from(bookingTasks)
        .where(eq(bookingTasks.id, task.id))
        .for('update');
      if (!current || !WATCHED_STATUSES.includes(current.status)) return;
      if (decision.opened.length > 0) {
        await tx.insert(bookingMatches).values(
          decision.opened.map(({ cell, notify }) => ({
            taskId: task.id,
            mpAccountId: task.mpAccountId,
            date: cell.date,
            warehouseId: cell.warehouseId,
            boxTypeId: cell.boxTypeId,
            coefficient: cell.coefficient,
            seenAt: now,
            notify,
          })),
        );
        await tx
          .update(bookingTasks)
          .set({ status: 'matched', updatedAt: sql`now()` })
          .where(and(eq(bookingTasks.id, task.id), eq(bookingTasks.status, 'active')));
      }
      if (decision.gone.length > 0) await tx.update(bookingMatches).set({ goneAt: now }).where(inArray(bookingMatches.id, decision.gone));
    });
  }

  /** Tasks back from source_unavailable: matched when a match is still open, else active. */
  async restore(mpAccountId: string): Promise<void> {
    const open = sql`exists (select 1 from ${bookingMatches} where ${bookingMatches.taskId} = ${bookingTasks.id} and ${bookingMatches.goneAt} is null)`;
    await this.db
      .update(bookingTasks)
      .set({ status: sql`case when ${open} then 'matched' else 'active' end`, updatedAt: sql`now()` })
      .where(and(eq(bookingTasks.mpAccountId, mpAccountId), eq(bookingTasks.status, 'source_unavailable')));
  }

  /** Matches to be notified that were not yet (a notification cut short by a crash is sent by the next cycle). */
  async pending(mpAccountId: string): Promise<PendingMatch[]> {
    return this.db
      .select({
        id: bookingMatches.id,
        taskId: bookingMatches.taskId,
        date: bookingMatches.date,
        warehouseId: bookingMatches.warehouseId,
        warehouseName: bookingWarehouses.name,
        boxTypeId: bookingMatches.boxTypeId,
        coefficient: bookingMatches.coefficient,
        seenAt: bookingMatches.seenAt,
      })
      .from(bookingMatches)
      .leftJoin(
        bookingWarehouses,
        and(eq(bookingWarehouses.mpAccountId, bookingMatches.mpAccountId), eq(bookingWarehouses.warehouseId, bookingMatches.warehouseId)),
      )
      .where(and(eq(bookingMatches.mpAccountId, mpAccountId), eq(bookingMatches.notify, true), isNull(bookingMatches.notifiedAt)));
  }

  async markNotified(id: string, at: Date): Promise<void> {
    await this.db.update(bookingMatches).set({ notifiedAt: at }).where(eq(bookingMatches.id, id));
  }
}
