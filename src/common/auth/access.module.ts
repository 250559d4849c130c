import { Global, Module } from '@nestjs/common';

import { DataScopeService } from './data-scope.service';
import { AccountScopeGuard, BrandScopeGuard, EntityScopeGuard } from './scope.guard';
import { ScopeRepository } from './scope.repository';

/** Data scope for every module: @AccountScope, @BrandScope and @EntityScope on handlers, @CurrentScope in their parameters. */
@Global()
@Module({
  providers: [ScopeRepository, DataScopeService, AccountScopeGuard, BrandScopeGuard, EntityScopeGuard],
  exports: [DataScopeService, AccountScopeGuard, BrandScopeGuard, EntityScopeGuard],
})
export class AccessModule {}
