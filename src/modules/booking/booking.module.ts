import { Module } from '@nestjs/common';

import { InventoryModule } from '../inventory/inventory.module';
import { BookingJobs } from './booking.jobs';
import { SlotMonitorRepository } from './monitor/slot-monitor.repository';
import { SlotMonitorService } from './monitor/slot-monitor.service';
import { WarehouseTariffsRefresh } from './monitor/warehouse-tariffs-refresh';
import { BookingSummaryController } from './summary/booking-summary.controller';
import { BookingSummaryRepository } from './summary/booking-summary.repository';
import { BookingSuppliesModule } from './supplies/booking-supplies.module';
import { BookingTaskSupplies } from './tasks/booking-task-supplies';
import { BookingTasksController } from './tasks/booking-tasks.controller';
import { BookingTasksRepository } from './tasks/booking-tasks.repository';
import { BookingTasksService } from './tasks/booking-tasks.service';
import { BookingTariffsRepository } from './warehouses/booking-tariffs.repository';
import { BookingWarehousesController } from './warehouses/booking-warehouses.controller';
import { BookingWarehousesRepository } from './warehouses/booking-warehouses.repository';
import { BookingWarehousesService } from './warehouses/booking-warehouses.service';

/**
 * Booking, the slot watch: FBW warehouses with the acceptance coefficients last read, slot-watch tasks, the slot
 * monitor (a poll per account every BOOKING_POLL_MS, the day's box and pallet tariffs once a Moscow day) and its matches and notifications, the tasks booked and accepted
 * by the supplies the seller planned at their slots, the summary.
 */
@Module({
  imports: [BookingSuppliesModule, InventoryModule],
  controllers: [BookingWarehousesController, BookingTasksController, BookingSummaryController],
  providers: [
    BookingJobs,
    SlotMonitorRepository,
    SlotMonitorService,
    WarehouseTariffsRefresh,
    BookingTariffsRepository,
    BookingWarehousesRepository,
    BookingWarehousesService,
    BookingTasksRepository,
    BookingTasksService,
    BookingTaskSupplies,
    BookingSummaryRepository,
  ],
})
export class BookingModule {}
