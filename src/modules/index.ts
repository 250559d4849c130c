import { AbTestsModule } from './ab-tests/ab-tests.module';
import { AccountingModule } from './accounting/accounting.module';
import { AuditModule } from './audit/audit.module';
import { AuthModule } from './auth/auth.module';
import { AutobidderModule } from './autobidder/autobidder.module';
import { AutoreplyModule } from './autoreply/autoreply.module';
import { BookingModule } from './booking/booking.module';
import { BookingSuppliesModule } from './booking/supplies/booking-supplies.module';
import { BrandAccessModule } from './brand-access/brand-access.module';
import { CatalogCostsModule } from './catalog/costs/catalog-costs.module';
import { CatalogProductsModule } from './catalog/products/catalog-products.module';
import { CatalogSyncModule } from './catalog/sync/catalog-sync.module';
import { ContentModule } from './content/content.module';
import { DigitizationImportsModule } from './digitization/imports/digitization-imports.module';
import { DigitizationReadsModule } from './digitization/reads/digitization-reads.module';
import { HealthModule } from './health/health.module';
import { InventoryModule } from './inventory/inventory.module';
import { KnowledgeBaseModule } from './knowledge-base/knowledge-base.module';
import { MpAccountsModule } from './mp-accounts/mp-accounts.module';
import { NotificationsModule } from './notifications/notifications.module';
import { PricingModule } from './pricing/pricing.module';
import { RepricerModule } from './repricer/repricer.module';
import { RnpModule } from './rnp/rnp.module';

/** Feature modules: adding a module is adding its folder and one line here. */
export const FEATURE_MODULES = [
  HealthModule,
  AuditModule,
  NotificationsModule,
  AuthModule,
  BrandAccessModule,
  MpAccountsModule,
  CatalogProductsModule,
  CatalogCostsModule,
  PricingModule,
  CatalogSyncModule,
  RepricerModule,
  AutoreplyModule,
  ContentModule,
  DigitizationImportsModule,
  DigitizationReadsModule,
  AutobidderModule,
  BookingSuppliesModule,
  InventoryModule,
  BookingModule,
  AccountingModule,
  RnpModule,
  KnowledgeBaseModule,
  AbTestsModule,
];
