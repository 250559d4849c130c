import { Global, Module } from '@nestjs/common';

import { DataScopeService } from './data-scope.service';
import { AccountScopeGuard, BrandScopeGuard, EntityScopeGuard } from './scope.guard';
import { TokenRoles } from './token-roles';

/**
 * Data scope for every module: @AccountScope, @BrandScope and @EntityScope on handlers, @CurrentScope in their
 * parameters; and the check of an access token's role for the access token guard.
 */
@Global()
@Module({
  providers: [DataScopeService, AccountScopeGuard, BrandScopeGuard, EntityScopeGuard, TokenRoles],
  exports: [DataScopeService, AccountScopeGuard, BrandScopeGuard, EntityScopeGuard, TokenRoles],
})
export class AccessModule {}
