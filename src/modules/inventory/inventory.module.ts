import { Module } from '@nestjs/common';

import { SyncStateModule } from '../../sync-state/sync-state.module';
import { BookingSuppliesModule } from '../booking/supplies/booking-supplies.module';
import { CatalogProductsModule } from '../catalog/products/catalog-products.module';
import { DigitizationReadsModule } from '../digitization/reads/digitization-reads.module';
import { InventoryAlerts } from './alerts/inventory-alerts';
import { InventoryAlertsController } from './alerts/inventory-alerts.controller';
import { InventoryAlertsRepository } from './alerts/inventory-alerts.repository';
import { InventoryFbsController } from './fbs/inventory-fbs.controller';
import { InventoryFbsService } from './fbs/inventory-fbs.service';
import { InventoryJobs } from './inventory.jobs';
import { InventoryCover } from './planning/inventory-cover';
import { InventoryCoverRepository } from './planning/inventory-cover.repository';
import { InventoryPlansController } from './plans/inventory-plans.controller';
import { InventoryPlansReader } from './plans/inventory-plans.reader';
import { InventoryPlansRepository } from './plans/inventory-plans.repository';
import { InventoryPlansService } from './plans/inventory-plans.service';
import { InventorySettingsController } from './settings/inventory-settings.controller';
import { InventorySettingsRepository } from './settings/inventory-settings.repository';
import { InventorySettingsService } from './settings/inventory-settings.service';
import { InventoryStocksController } from './stocks/inventory-stocks.controller';
import { InventoryStocksRepository } from './stocks/inventory-stocks.repository';
import { InventoryStocksService } from './stocks/inventory-stocks.service';
import { InventorySummaryController } from './summary/inventory-summary.controller';
import { InventorySyncController } from './sync/inventory-sync.controller';
import { InventorySyncRepository } from './sync/inventory-sync.repository';
import { InventorySyncService } from './sync/inventory-sync.service';
import { InventorySyncWalker } from './sync/inventory-sync-walker';

/**
 * Stock: synced from the marketplace's remains report, stocks report and the seller's warehouses on request and every
 * 30 minutes, with one snapshot per Moscow day and each SKU's velocity and days of cover; read by SKU, size and
 * warehouse, summed, alerted to the owner, planned for replenishment under the account's settings (the plans read by
 * the booking tasks started from them); seller-warehouse stock written back to the marketplace.
 */
@Module({
  imports: [SyncStateModule, CatalogProductsModule, DigitizationReadsModule, BookingSuppliesModule],
  controllers: [
    InventorySyncController,
    InventoryStocksController,
    InventorySettingsController,
    InventoryAlertsController,
    InventoryPlansController,
    InventorySummaryController,
    InventoryFbsController,
  ],
  providers: [
    InventoryJobs,
    InventorySyncRepository,
    InventorySyncService,
    InventorySyncWalker,
    InventoryStocksRepository,
    InventoryStocksService,
    InventoryCover,
    InventoryCoverRepository,
    InventorySettingsRepository,
    InventorySettingsService,
    InventoryAlerts,
    InventoryAlertsRepository,
    InventoryPlansRepository,
    InventoryPlansService,
    InventoryPlansReader,
    InventoryFbsService,
  ],
  exports: [InventoryPlansReader],
})
export class InventoryModule {}
