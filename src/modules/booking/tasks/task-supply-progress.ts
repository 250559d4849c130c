import type { BookingTaskStatus } from '../../../database/schema/booking';

/** A supply of the account planned at a warehouse for a Moscow day (BookingSuppliesReader.plannedAt). */
export interface SupplyAt {
  supplyId: string;
  warehouseId: number;
  supplyDay: string;
  accepted: boolean;
}

/** A task that found slots, or whose supply is on its way: its state, its matches' cells and its supply once booked. */
export interface TaskInFlight {
  status: BookingTaskStatus;
  supplyId: string | null;
  matches: readonly { warehouseId: number; date: string }[];
}

export type TaskProgress = { status: 'booked'; supplyId: string } | { status: 'accepted'; supplyId: string } | null;

/**
 * A supply planned at a matched task's warehouse and date books the task (the seller booked the slot it
 * found, on the seller site); the acceptance of that supply ends it accepted. The earliest of several fitting supplies
 * is taken (lowest id), so a repeated run decides the same. Null when nothing changes.
 */
export function taskSupplyProgress(task: TaskInFlight, supplies: readonly SupplyAt[]): TaskProgress {
  if (task.status === 'booked') {
    const booked = supplies.find((supply) => supply.supplyId === task.supplyId);
    return booked?.accepted ? { status: 'accepted', supplyId: booked.supplyId } : null;
  }
  if (task.status !== 'matched') return null;
  const fitting = supplies
    .filter((supply) => task.matches.some((match) => match.warehouseId === supply.warehouseId && match.date === supply.supplyDay))
    .sort((a, b) => (BigInt(a.supplyId) < BigInt(b.supplyId) ? -1 : 1));
  const [first] = fitting;
  if (!first) return null;
  return first.accepted ? { status: 'accepted', supplyId: first.supplyId } : { status: 'booked', supplyId: first.supplyId };
}
