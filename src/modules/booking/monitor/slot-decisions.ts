import { AppError } from '../../../common/errors/app-error';
import { daysBetween } from '../../../common/time/calendar-days';
import type { BookingTaskStatus } from '../../../database/schema/booking';

/** A task spans at most this many days from its first to its last. */
export const TASK_SPAN_MAX_DAYS = 30;

/** The states whose tasks the slot monitor reads coefficients for. */
export const WATCHED_STATUSES: readonly BookingTaskStatus[] = ['active', 'matched', 'source_unavailable'];

/** dateFrom not before today, dateTo not before dateFrom and at most 30 days after it; VALIDATION_FAILED names the rule. */
export function assertTaskDates(task: { dateFrom: string; dateTo: string }, today: string): void {
  if (daysBetween(today, task.dateFrom) < 0)
    throw AppError.validation([{ field: 'dateFrom', errors: ['notInPast'] }], 'Первый день поставки уже прошёл');
  if (daysBetween(task.dateFrom, task.dateTo) < 0)
    throw AppError.validation([{ field: 'dateTo', errors: ['notBeforeDateFrom'] }], 'Последний день раньше первого');
  if (daysBetween(task.dateFrom, task.dateTo) > TASK_SPAN_MAX_DAYS)
    throw AppError.validation(
      [{ field: 'dateTo', errors: ['maxSpan30Days'] }],
      `Между первым и последним днём поставки не больше ${TASK_SPAN_MAX_DAYS} дней`,
    );
}

/** One warehouse, Moscow day and box type as the coefficients call answered it. */
export interface SlotCell {
  warehouseId: number;
  date: string;
  boxTypeId: number;
  coefficient: number;
  allowUnload: boolean;
}

/** What of a task decides whether a cell fits it. */
export interface WatchedTask {
  warehouseIds: readonly number[];
  boxTypeId: number;
  dateFrom: string;
  dateTo: string;
  maxCoefficient: number;
  minLeadDays: number;
}

export function cellKey(cell: { warehouseId: number; date: string; boxTypeId: number }): string {
  return `${cell.warehouseId}|${cell.date}|${cell.boxTypeId}`;
}

/**
 * Reference 11.1: -1 is closed whatever allowUnload says, 0 free, from 1 a multiplier. A cell fits a task when it takes
 * the task's box type at one of its warehouses, unloads, costs at most maxCoefficient, and falls within the task's days
 * and at least minLeadDays after today.
 */
export function fits(task: WatchedTask, cell: SlotCell, today: string): boolean {
  return (
    task.warehouseIds.includes(cell.warehouseId) &&
    cell.boxTypeId === task.boxTypeId &&
    cell.allowUnload &&
    cell.coefficient >= 0 &&
    cell.coefficient <= task.maxCoefficient &&
    cell.date >= task.dateFrom &&
    cell.date <= task.dateTo &&
    daysBetween(today, cell.date) >= task.minLeadDays
  );
}

export interface OpenMatch {
  id: string;
  warehouseId: number;
  date: string;
  boxTypeId: number;
}

export interface SlotDecisionInput {
  task: WatchedTask;
  /** The cells the poll read (of the task's warehouses at least). */
  cells: readonly SlotCell[];
  /** The task's matches without goneAt. */
  open: readonly OpenMatch[];
  /** When the task was last notified of each cell (by cellKey). */
  lastNotifiedAt: ReadonlyMap<string, Date>;
  today: string;
  now: Date;
  cooldownMs: number;
}

export interface SlotDecision {
  /** Cells that came to fit: a match each, notified unless the cell was notified within the cooldown. */
  opened: { cell: SlotCell; notify: boolean }[];
  /** Open matches whose cell no longer fits (or was not answered). */
  gone: string[];
}

/** Which cells are news for a task and which of its matches are gone; the monitor does the I/O around it. */
export function decideSlots(input: SlotDecisionInput): SlotDecision {
  const fitting = new Map(input.cells.filter((cell) => fits(input.task, cell, input.today)).map((cell) => [cellKey(cell), cell]));
  const openKeys = new Set(input.open.map(cellKey));
  const opened = [...fitting.entries()]
    .filter(([key]) => !openKeys.has(key))
    .map(([key, cell]) => {
      const last = input.lastNotifiedAt.get(key);
      return { cell, notify: !last || input.now.getTime() - last.getTime() >= input.cooldownMs };
    });
  const gone = input.open.filter((match) => !fitting.has(cellKey(match))).map((match) => match.id);
  return { opened, gone };
}
