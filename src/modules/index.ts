import { AuditModule } from './audit/audit.module';
import { AuthModule } from './auth/auth.module';
import { BrandAccessModule } from './brand-access/brand-access.module';
import { CatalogProductsModule } from './catalog/products/catalog-products.module';
import { CatalogSyncModule } from './catalog/sync/catalog-sync.module';
import { ExamplesModule } from './examples/examples.module';
import { HealthModule } from './health/health.module';
import { MpAccountsModule } from './mp-accounts/mp-accounts.module';
import { NotificationsModule } from './notifications/notifications.module';
import { PricingModule } from './pricing/pricing.module';
import { PricingSummaryModule } from './pricing/summary/pricing-summary.module';
import { RepricerRulesModule } from './repricer/rules/repricer-rules.module';
import { RepricerRunsModule } from './repricer/runs/repricer-runs.module';
import { RepricerSummaryModule } from './repricer/summary/repricer-summary.module';
import { UsersModule } from './users/users.module';

/** Feature modules: adding a module is adding its folder and one line here. */
export const FEATURE_MODULES = [
  HealthModule,
  AuditModule,
  NotificationsModule,
  UsersModule,
  AuthModule,
  BrandAccessModule,
  MpAccountsModule,
  ExamplesModule,
  PricingSummaryModule,
  RepricerSummaryModule,
  CatalogProductsModule,
  PricingModule,
  CatalogSyncModule,
  RepricerRulesModule,
  RepricerRunsModule,
];
