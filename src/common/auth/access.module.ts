import { Global, Module } from '@nestjs/common';

import { DataScopeService } from './data-scope.service';
import { AccountScopeGuard, BrandScopeGuard, EntityScopeGuard } from './scope.guard';

/** Data scope for every module: @AccountScope, @BrandScope and @EntityScope on handlers, @CurrentScope in their parameters. */
@Global()
@Module({
  providers: [DataScopeService, AccountScopeGuard, BrandScopeGuard, EntityScopeGuard],
  exports: [DataScopeService, AccountScopeGuard, BrandScopeGuard, EntityScopeGuard],
})
export class AccessModule {}
