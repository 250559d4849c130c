import { Module } from '@nestjs/common';

import { SyncStateModule } from '../../../sync-state/sync-state.module';
import { BookingSuppliesController, BookingSuppliesSyncController } from './booking-supplies.controller';
import { BookingSuppliesJobs } from './booking-supplies.jobs';
import { BookingSuppliesReader } from './booking-supplies.reader';
import { BookingSuppliesRepository } from './booking-supplies.repository';
import { BookingSuppliesService } from './booking-supplies.service';
import { BookingSuppliesSyncWalker } from './booking-supplies-sync-walker';
import { SupplyShortfallNotices } from './supply-shortfall-notices';

/**
 * The account's FBW supplies (reference 11.4-11.6): synced on request and every 10 minutes while one is on its way, the
 * list and a supply with its goods, a notification of each shortfall at acceptance, and their reader for the rest of
 * the booking module.
 */
@Module({
  imports: [SyncStateModule],
  controllers: [BookingSuppliesSyncController, BookingSuppliesController],
  providers: [
    BookingSuppliesRepository,
    BookingSuppliesService,
    BookingSuppliesSyncWalker,
    BookingSuppliesJobs,
    SupplyShortfallNotices,
    BookingSuppliesReader,
  ],
  exports: [BookingSuppliesReader],
})
export class BookingSuppliesModule {}
