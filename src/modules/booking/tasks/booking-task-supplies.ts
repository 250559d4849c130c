import { Injectable } from '@nestjs/common';

import { BookingSuppliesReader } from '../supplies/booking-supplies.reader';
import { BookingTasksRepository } from './booking-tasks.repository';
import { taskSupplyProgress } from './task-supply-progress';

/** Matched tasks booked by the supplies the seller planned at their slots, and accepted with those supplies. */
@Injectable()
export class BookingTaskSupplies {
  constructor(
    private readonly tasks: BookingTasksRepository,
    private readonly supplies: BookingSuppliesReader,
  ) {}

  /** Moves the account's tasks on as its synced supplies say; answers how many moved. */
  async advance(mpAccountId: string): Promise<number> {
    const tasks = await this.tasks.inFlight(mpAccountId);
    const cells = tasks.flatMap((task) => task.matches);
    if (cells.length === 0) return 0;
    const days = cells.map((cell) => cell.date).sort();
    const planned = await this.supplies.plannedAt(mpAccountId, {
      warehouseIds: [...new Set(cells.map((cell) => cell.warehouseId))],
      dayFrom: days[0],
      dayTo: days[days.length - 1],
    });
    let moved = 0;
    for (const task of tasks) {
      const progress = taskSupplyProgress(task, planned);
      if (!progress) continue;
      const booking = task.status === 'matched' ? { bookedAt: new Date() } : {};
      const row = await this.tasks.updateFrom(task.id, [task.status], { status: progress.status, supplyId: progress.supplyId, ...booking });
      if (!row) continue;
      // A booked task watches no more: its open matches are gone from now, as for a paused one.
      await this.tasks.closeOpenMatches(task.id);
      moved += 1;
    }
    return moved;
  }
}
