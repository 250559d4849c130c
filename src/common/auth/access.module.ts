import { Global, Module } from '@nestjs/common';

import { DataScopeService } from './data-scope.service';
import { AccountScopeGuard, BrandScopeGuard } from './scope.guards';
import { ScopeRepository } from './scope.repository';

/** Data scope for every module: @AccountScope and @BrandScope on handlers, DataScopeService in services. */
@Global()
@Module({
  providers: [ScopeRepository, DataScopeService, AccountScopeGuard, BrandScopeGuard],
  exports: [DataScopeService, AccountScopeGuard, BrandScopeGuard],
})
export class AccessModule {}
